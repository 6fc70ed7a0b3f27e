/**
 * The `media_info` left panel (attendee-app.md §2, §4: it floats over the venue): what the room
 * the attendee stands in shows on its screens — the session playing now and the ones still to
 * come, with their times in the attendee's zone. The spec names the panel only; this is our
 * reading of it (docs/subsystems/web-venue.md "Media info"): the venue's screens are its media.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useDisplayZone } from "@/features/accounts";
import { isActive, type Session, useSessions } from "@/features/sessions";
import { nodeByID, nodeName, SCHEDULE_CLOCK_MS, type TourNode, useTour, useVenueEvent } from "@/features/venue";
import { formatTime } from "@/lib/dates";
import { useNow } from "@/lib/use-now";
import { useLayout } from "./layout-store";

/** Enough to plan the next hours by; the agenda has the rest. */
const LISTED = 5;

/** The room's virtual sessions that have not ended, earliest first (on-site ones show nothing). */
export function roomSchedule(sessions: readonly Session[], node: TourNode, now: number): Session[] {
  const screens = new Set(node.screens.map((s) => s.screenID));
  return sessions
    .filter((s) => screens.has(s.ScreenID) && s.IsVirtual && Date.parse(s.DateEnd) > now)
    .sort((a, b) => Date.parse(a.DateBegin) - Date.parse(b.DateBegin))
    .slice(0, LISTED);
}

export function MediaInfoPanel() {
  const { t, i18n } = useTranslation();
  const zone = useDisplayZone();
  const room = useLayout((s) => s.room);
  const tour = useTour(useVenueEvent()?.PanoURL);
  const sessions = useSessions((s) => s.sessions);
  const now = useNow(SCHEDULE_CLOCK_MS);
  const node = room && tour.data ? nodeByID(tour.data.tour, room) : null;
  const schedule = useMemo(() => (node ? roomSchedule(sessions, node, now) : []), [node, sessions, now]);

  if (!node) return <p className="muted">{t("venue.mediaInfo.outside")}</p>;
  const time = (iso: string) => formatTime(iso, i18n.language, zone);
  return (
    <div className="media-info">
      <h3>{nodeName(node, i18n.language)}</h3>
      {node.screens.length === 0 ? (
        <p className="muted">{t("venue.mediaInfo.noScreens")}</p>
      ) : (
        <>
          <h4>{t("venue.mediaInfo.screens")}</h4>
          {schedule.length === 0 ? (
            <p className="muted">{t("venue.mediaInfo.nothing")}</p>
          ) : (
            <ul className="media-info__sessions">
              {schedule.map((session) => (
                <li key={session.ID} data-session={session.ID}>
                  <span className="media-info__time">{t("venue.sidebar.time", { begin: time(session.DateBegin), end: time(session.DateEnd) })}</span>
                  {isActive(session, now) ? <span className="badge badge--live">{t("venue.menu.live")}</span> : null}
                  <span className="media-info__title">{session.Title || session.InternalName}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
