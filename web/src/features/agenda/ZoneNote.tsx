/** Which zone the times are in (§9: the attendee's chosen offset, else the device's zone). */
import { Link } from "react-router";
import { browserZone, hasChosenZone, shiftName, usePersonStore } from "@/features/accounts";
import { paths } from "@/lib/routes";
import { useAgendaT } from "./i18n";

export function ZoneNote() {
  const { t } = useAgendaT();
  const person = usePersonStore((s) => s.person);
  const zone = hasChosenZone(person) ? shiftName(person?.TimezoneShift ?? 0) : t("zone.device", { zone: browserZone() });
  return (
    <p className="agenda__zone small muted" data-testid="agenda-zone">
      {t("zone.note", { zone })} <Link to={paths.profile}>{t("zone.change")}</Link>
    </p>
  );
}
