/**
 * One session of the agenda: time in the attendee's zone, title, status badge, description
 * (folded when long), speakers with their pictures, where it takes place with "Go there" — or
 * "Watch" while it plays on a screen — and the personal agenda and calendar actions.
 *
 * Memoized on what it shows: the lists re-render every second for the live badges, and a row
 * re-renders only when its own state changes.
 */
import { memo, useId, useState } from "react";
import { Link } from "react-router";
import { trackUsage } from "@/features/analytics";
import { notify } from "@/features/notifications";
import { formatDate, formatTime } from "@/lib/dates";
import { downloadSessionCalendar, type AgendaSession, type Speaker } from "./api";
import { useAgendaT } from "./i18n";
import { roomName, type SessionPlace } from "./places";
import type { LiveStatus } from "./session-view";
import { SpeakerAvatar } from "./SpeakerAvatar";

/** Longer descriptions start folded to three lines. */
const LONG_DESCRIPTION_CHARS = 200;

export interface SessionItemProps {
  session: AgendaSession;
  status: LiveStatus;
  place: SessionPlace | null;
  /** The date of the day it is listed under (event zone); the session's date shows when it differs. */
  dayDate: string;
  zone: string;
  /** In the personal agenda; null while that is not known. */
  saved: boolean | null;
  busy: boolean;
  eventID: string;
  heading: "h3" | "h4";
  onToggle: (session: AgendaSession) => void;
  onSpeaker: (speaker: Speaker, opener: HTMLElement) => void;
}

function Badge({ status }: { status: LiveStatus }) {
  const { t } = useAgendaT();
  if (status === "live") return <span className="agenda-badge agenda-badge--live">{t("session.live")}</span>;
  if (status === "now") return <span className="agenda-badge agenda-badge--now">{t("session.now")}</span>;
  if (status === "ended") return <span className="agenda-badge agenda-badge--ended">{t("session.ended")}</span>;
  return null;
}

function Description({ text }: { text: string }) {
  const { t } = useAgendaT();
  const id = useId();
  const [open, setOpen] = useState(false);
  // Unfolding a session's description is "opening an agenda session" for the statistics.
  const toggle = () => {
    if (!open) trackUsage("agenda_session");
    setOpen(!open);
  };
  if (!text) return null;
  const long = text.length > LONG_DESCRIPTION_CHARS || text.split("\n").length > 3;
  return (
    <>
      <p id={id} className={`agenda-session__description${long && !open ? " agenda-session__description--folded" : ""}`}>
        {text}
      </p>
      {long ? (
        <button type="button" className="link-button small" aria-expanded={open} aria-controls={id} onClick={toggle}>
          {open ? t("session.less") : t("session.more")}
        </button>
      ) : null}
    </>
  );
}

function CalendarButton({ session, eventID, describedBy }: { session: AgendaSession; eventID: string; describedBy: string }) {
  const { t, errorText } = useAgendaT();
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadSessionCalendar(eventID, session.ID)
      .catch((error: unknown) => notify("error", t("session.calendarFailed", { title: session.Title, reason: errorText(error) })))
      .finally(() => setBusy(false));
  };
  return (
    <button type="button" className="button button--secondary agenda-action" aria-describedby={describedBy} disabled={busy} onClick={download}>
      {busy ? t("session.calendarBusy") : t("session.calendar")}
    </button>
  );
}

function SessionItemView({ session, status, place, dayDate, zone, saved, busy, eventID, heading: Heading, onToggle, onSpeaker }: SessionItemProps) {
  const { t, language } = useAgendaT();
  const titleID = useId();
  const begin = formatTime(session.DateBegin, language, zone);
  const end = formatTime(session.DateEnd, language, zone);
  const date = formatDate(session.DateBegin, zone);
  const when = date === dayDate ? t("session.time", { begin, end }) : t("session.dateTime", { date, begin, end });
  const watchable = status === "live" && place?.onScreen === true;

  return (
    <li className={`agenda-session agenda-session--${status}`} data-session={session.ID}>
      <p className="agenda-session__when">
        <Badge status={status} />
        <time dateTime={session.DateBegin}>{when}</time>
      </p>
      <Heading id={titleID} className="agenda-session__title">
        {session.Title}
      </Heading>
      {place ? <p className="agenda-session__place small muted">{t("session.inRoom", { room: roomName(place.room, language) })}</p> : null}
      <Description text={session.Description} />
      {session.Speakers.length > 0 ? (
        <ul className="agenda-speakers" aria-label={t("session.speakers")}>
          {session.Speakers.map((speaker) => (
            <li key={speaker.ID}>
              <button
                type="button"
                className="agenda-speakers__chip"
                data-speaker={speaker.ID}
                title={t("speakers.open", { name: speaker.FullName })}
                onClick={(e) => onSpeaker(speaker, e.currentTarget)}
              >
                <SpeakerAvatar speaker={speaker} />
                <span>{speaker.FullName}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="agenda-session__actions">
        {place && watchable ? (
          <Link className="button agenda-action" to={place.path} aria-describedby={titleID}>
            {t("session.watch")}
          </Link>
        ) : null}
        {place && !watchable ? (
          <Link className="button button--secondary agenda-action" to={place.path} aria-describedby={titleID}>
            {t("session.goThere")}
          </Link>
        ) : null}
        <button
          type="button"
          className="button button--secondary agenda-action"
          aria-describedby={titleID}
          data-toggle=""
          disabled={saved === null}
          // Not disabled while the change is on its way: a disabled button would drop the focus.
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onToggle(session);
          }}
        >
          {saved ? t("session.remove") : t("session.add")}
        </button>
        <CalendarButton session={session} eventID={eventID} describedBy={titleID} />
      </div>
    </li>
  );
}

export const SessionItem = memo(SessionItemView);
