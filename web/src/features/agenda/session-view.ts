/**
 * What a session row shows about time, as pure functions: the session with the times the venue
 * keeps current, and whether it is live, happening on site, over or still to come.
 */
import { isActive, type Session } from "@/features/sessions";
import type { AgendaSession } from "./api";

export type LiveStatus = "live" | "now" | "ended" | "upcoming";

/**
 * The session with the fields the venue's session list keeps current through pushes (times,
 * screen, virtual flag): an organizer moving a session moves it on the agenda too, before the
 * agenda list is read again.
 */
export function withCurrent(session: AgendaSession, current: Session | undefined): AgendaSession {
  if (!current) return session;
  const same =
    current.DateBegin === session.DateBegin && current.DateEnd === session.DateEnd && current.ScreenID === session.ScreenID && current.IsVirtual === session.IsVirtual;
  return same ? session : { ...session, DateBegin: current.DateBegin, DateEnd: current.DateEnd, ScreenID: current.ScreenID, IsVirtual: current.IsVirtual };
}

/** The agenda session in the shape the sessions feature's rules take. */
function asSession(session: AgendaSession): Session {
  return {
    ID: session.ID,
    InternalName: session.InternalName,
    Title: session.Title,
    ScreenID: session.ScreenID,
    IsVirtual: session.IsVirtual,
    DateBegin: session.DateBegin,
    DateEnd: session.DateEnd,
    NoAvtoPlay: false,
    ConferenceType: "None",
  };
}

/**
 * Live: playing on a screen now (the venue's tick) or active (§4: virtual, begun, not ended).
 * An on-site session in progress is "now": it is happening, there is just nothing to watch.
 */
export function liveStatus(session: AgendaSession, running: Readonly<Record<string, string | null>>, now: number): LiveStatus {
  const playing = session.ScreenID !== "" && running[session.ScreenID] === session.ID;
  if (playing || isActive(asSession(session), now)) return "live";
  const begin = Date.parse(session.DateBegin);
  const end = Date.parse(session.DateEnd);
  if (now >= end) return "ended";
  return now >= begin ? "now" : "upcoming";
}
