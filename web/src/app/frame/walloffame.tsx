/**
 * The Wall of Fame in the venue frame (docs/subsystems/web-walloffame.md): the /walloffame page's
 * content, a lazy chunk of the walloffame feature, so neither the login route nor the frame's own
 * chunk carries it. The frame hands it the event and the signed-in person (their own projects).
 */
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "@/features/accounts";
import { useVenueEvent } from "@/features/venue";

const WallOfFameView = lazy(() => import("@/features/walloffame/WallOfFameView"));

/** /walloffame as a page: the gallery, the attendee's own projects, submit and edit. */
export function WallOfFamePanel() {
  const { t } = useTranslation();
  const eventID = useVenueEvent()?.EventID ?? "";
  const me = useSession((s) => s.claims?.personId) ?? "";
  if (!eventID || !me) return null;
  return (
    <Suspense fallback={<p role="status">{t("common.loading")}</p>}>
      <WallOfFameView eventID={eventID} me={me} />
    </Suspense>
  );
}
