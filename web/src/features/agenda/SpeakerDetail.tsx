/**
 * A speaker's page inside the sidebar (decision: an in-panel view rather than a route, so it
 * needs no routing of its own and "Back" returns to the list exactly where the attendee was):
 * picture, name, role, biography, links and their sessions over the whole event. The heading
 * takes the focus when it opens; Back (or Escape) returns it to whatever opened the page.
 */
import { useEffect, useId, useMemo, useRef, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { trackUsage } from "@/features/analytics";
import { formatDate, formatTime } from "@/lib/dates";
import type { Speaker } from "./api";
import { useAgendaEvent, useAgendaVenue, useCurrentSessions } from "./hooks";
import { useAgendaT } from "./i18n";
import { placeOf } from "./places";
import { useAgendaDays } from "./queries";
import { withCurrent } from "./session-view";
import { SpeakerAvatar } from "./SpeakerAvatar";

export interface SpeakerDetailProps {
  speaker: Speaker;
  backLabel: string;
  onBack: () => void;
}

export const speakerRole = (speaker: Speaker): string => [speaker.JobTitle, speaker.Company].filter(Boolean).join(", ");

function SpeakerSessions({ speaker }: { speaker: Speaker }) {
  const { t, language } = useAgendaT();
  const { eventID, days, zone } = useAgendaEvent();
  const venue = useAgendaVenue();
  const current = useCurrentSessions();
  const dayNumbers = useMemo(() => days.map((d) => d.number), [days]);
  const queries = useAgendaDays(eventID, dayNumbers);
  const sessions = queries
    .flatMap((q) => q.data ?? [])
    .filter((s) => s.Speakers.some((sp) => sp.ID === speaker.ID))
    .map((s) => withCurrent(s, current.get(s.ID)));
  if (queries.some((q) => q.isPending) && sessions.length === 0) return <p role="status">{t("speakers.sessionsLoading")}</p>;
  if (queries.some((q) => q.isError) && sessions.length === 0) return <p role="alert">{t("loadFailed")}</p>;
  if (sessions.length === 0) return <p>{t("speakers.noSessions")}</p>;
  return (
    <ul className="agenda-speaker__sessions">
      {sessions.map((session) => {
        const place = placeOf(session, venue);
        const when = t("session.dateTime", {
          date: formatDate(session.DateBegin, zone),
          begin: formatTime(session.DateBegin, language, zone),
          end: formatTime(session.DateEnd, language, zone),
        });
        return (
          <li key={session.ID} data-session={session.ID}>
            <time className="small muted" dateTime={session.DateBegin}>
              {when}
            </time>
            <p className="agenda-speaker__session-title">{session.Title}</p>
            {place ? (
              <Link className="small" to={place.path}>
                {t("session.goThere")}
              </Link>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

export function SpeakerDetail({ speaker, backLabel, onBack }: SpeakerDetailProps) {
  const { t } = useAgendaT();
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = { name: useId(), bio: useId(), links: useId(), sessions: useId() };
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => trackUsage("speaker"), [speaker.ID]);
  const role = speakerRole(speaker);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "Escape") return;
    e.stopPropagation();
    onBack();
  };

  return (
    <article className="agenda-speaker" data-speaker-page={speaker.ID} aria-labelledby={ids.name} onKeyDown={onKeyDown}>
      <button type="button" className="link-button agenda-back" onClick={onBack}>
        <span aria-hidden="true">{"← "}</span>
        {backLabel}
      </button>
      <header className="agenda-speaker__head">
        <SpeakerAvatar speaker={speaker} size="large" />
        <div>
          <h3 id={ids.name} ref={heading} tabIndex={-1}>
            {speaker.FullName}
          </h3>
          {role ? <p className="muted">{role}</p> : null}
        </div>
      </header>
      {speaker.Biography ? (
        <section aria-labelledby={ids.bio}>
          <h4 id={ids.bio}>{t("speakers.biography")}</h4>
          <p className="agenda-speaker__bio">{speaker.Biography}</p>
        </section>
      ) : null}
      {speaker.Links.length > 0 ? (
        <section aria-labelledby={ids.links}>
          <h4 id={ids.links}>{t("speakers.links")}</h4>
          <ul className="agenda-speaker__links">
            {speaker.Links.map((link) => (
              <li key={`${link.Label} ${link.URL}`}>
                <a href={link.URL} target="_blank" rel="noopener noreferrer">
                  {link.Label}{" "}
                  <span className="visually-hidden">{t("speakers.opensNewTab")}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby={ids.sessions}>
        <h4 id={ids.sessions}>{t("speakers.sessions")}</h4>
        <SpeakerSessions speaker={speaker} />
      </section>
    </article>
  );
}
