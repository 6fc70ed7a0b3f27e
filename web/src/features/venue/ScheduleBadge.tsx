/**
 * The badge a room or a screen wears when its schedule has something to say: "Live" while a
 * session plays there, "In N min" when the next one is near (schedule-status.ts). The session's
 * title is in the tooltip; the visible words stay short enough for a menu button.
 */
import { useTranslation } from "react-i18next";
import type { ScheduleStatus } from "./schedule-status";

export function ScheduleBadge({ status }: { status: ScheduleStatus }) {
  const { t } = useTranslation();
  const title = status.session.Title || status.session.InternalName;
  if (status.kind === "live") {
    return (
      <span className="badge badge--live" title={t("venue.schedule.liveTitle", { title })}>
        {t("venue.menu.live")}
      </span>
    );
  }
  return (
    <span className="badge badge--soon" title={t("venue.schedule.soonTitle", { minutes: status.minutes, title })}>
      {t("venue.schedule.soon", { minutes: status.minutes })}
    </span>
  );
}
