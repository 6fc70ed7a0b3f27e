/**
 * The session lists every agenda mode shares: the sessions with their live state and place,
 * rendered as `SessionItem`s. The clock ticks here (once per list), not per row.
 */
import { useMemo } from "react";
import { useSessions } from "@/features/sessions";
import type { AgendaSession, Speaker } from "./api";
import { useNow } from "./clock";
import { useAgendaEvent, useAgendaVenue, useCurrentSessions } from "./hooks";
import { placeOf, type SessionPlace } from "./places";
import type { PersonalToggle } from "./queries";
import { SessionItem } from "./SessionItem";
import { liveStatus, withCurrent, type LiveStatus } from "./session-view";

export interface Row {
  session: AgendaSession;
  place: SessionPlace | null;
  status: LiveStatus;
}

export function useRows(sessions: readonly AgendaSession[]): Row[] {
  const current = useCurrentSessions();
  const venue = useAgendaVenue();
  const running = useSessions((s) => s.running);
  const now = useNow();
  // Stable per session until the list, a push or the tour changes: rows stay memoized.
  const placed = useMemo(
    () =>
      sessions.map((s) => {
        const session = withCurrent(s, current.get(s.ID));
        return { session, place: placeOf(session, venue) };
      }),
    [sessions, current, venue],
  );
  return placed.map((p) => ({ ...p, status: liveStatus(p.session, running, now) }));
}

export interface RowsProps {
  rows: readonly Row[];
  dayDate: string;
  heading: "h3" | "h4";
  toggle: PersonalToggle;
  onSpeaker: (speaker: Speaker, opener: HTMLElement) => void;
}

export function Rows({ rows, dayDate, heading, toggle, onSpeaker }: RowsProps) {
  const { eventID, zone } = useAgendaEvent();
  return (
    <ul className="agenda-list">
      {rows.map(({ session, place, status }) => (
        <SessionItem
          key={session.ID}
          session={session}
          status={status}
          place={place}
          dayDate={dayDate}
          zone={zone}
          saved={toggle.saved(session.ID)}
          busy={toggle.busy(session.ID)}
          eventID={eventID}
          heading={heading}
          onToggle={toggle.toggle}
          onSpeaker={onSpeaker}
        />
      ))}
    </ul>
  );
}
