/**
 * Which session plays on which screen (attendee-app.md §4), as pure functions of the session list
 * and the time, so the rules are tested with fake time and no player.
 */

export type ConferenceType = "None" | "Iframe" | "Zoom" | "Vimeo" | "Youtube" | "";

export interface Session {
  ID: string;
  InternalName: string;
  Title?: string;
  ScreenID: string;
  IsVirtual: boolean;
  DateBegin: string;
  DateEnd: string;
  NoAvtoPlay: boolean;
  StreamID: string;
  ConferenceType: ConferenceType;
  ConferenceJoinURL?: string;
  ConferenceID?: string;
}

/** The InternalName a pushed update carries when the session was removed. */
export const DELETED = "DELETED";

/** Active: virtual, and now lies between DateBegin (inclusive) and DateEnd (exclusive). */
export function isActive(session: Session, now: number): boolean {
  if (!session.IsVirtual) return false;
  const begin = Date.parse(session.DateBegin);
  const end = Date.parse(session.DateEnd);
  return Number.isFinite(begin) && Number.isFinite(end) && begin <= now && now < end;
}

/** Active sessions of a screen, by begin time then id (a stable "first"). */
export function activeOnScreen(sessions: readonly Session[], screenID: string, now: number): Session[] {
  return sessions
    .filter((s) => s.ScreenID === screenID && isActive(s, now))
    .sort((a, b) => Date.parse(a.DateBegin) - Date.parse(b.DateBegin) || a.ID.localeCompare(b.ID));
}

/** Starting by screen: the first active session that is not NoAvtoPlay. */
export function firstAutoPlay(sessions: readonly Session[], screenID: string, now: number): Session | null {
  return activeOnScreen(sessions, screenID, now).find((s) => !s.NoAvtoPlay) ?? null;
}

/** Starting by id: only a session that is active now. */
export function startable(sessions: readonly Session[], id: string, now: number): Session | null {
  const found = sessions.find((s) => s.ID === id);
  return found && isActive(found, now) ? found : null;
}

export type ScreenStep =
  | { kind: "keep"; sessionID: string }
  | { kind: "switch"; sessionID: string }
  | { kind: "start"; sessionID: string }
  | { kind: "off" };

/**
 * One tick for one screen: keep a running session that is still active; else switch silently to
 * another active session with the same StreamID; else start the first auto-play session; else
 * "off" (the header navigation turns that screen's live indicator off).
 */
export function tickScreen(
  sessions: readonly Session[],
  screenID: string,
  runningID: string | null,
  now: number,
): ScreenStep {
  const active = activeOnScreen(sessions, screenID, now);
  const running = runningID ? sessions.find((s) => s.ID === runningID) : undefined;
  if (running && active.some((s) => s.ID === running.ID)) return { kind: "keep", sessionID: running.ID };
  if (running && running.StreamID) {
    const sameStream = active.find((s) => s.StreamID === running.StreamID);
    if (sameStream) return { kind: "switch", sessionID: sameStream.ID };
  }
  const next = active.find((s) => !s.NoAvtoPlay);
  return next ? { kind: "start", sessionID: next.ID } : { kind: "off" };
}

/** The tick over every screen: the new running map (screen → session id, or null). */
export function tick(
  sessions: readonly Session[],
  screens: readonly string[],
  running: Readonly<Record<string, string | null>>,
  now: number,
): { running: Record<string, string | null>; steps: Record<string, ScreenStep> } {
  const next: Record<string, string | null> = {};
  const steps: Record<string, ScreenStep> = {};
  for (const screen of screens) {
    const stepFor = tickScreen(sessions, screen, running[screen] ?? null, now);
    steps[screen] = stepFor;
    next[screen] = stepFor.kind === "off" ? null : stepFor.sessionID;
  }
  return { running: next, steps };
}

/**
 * A pushed ACTIVITY_SYNC_NOTIFY payload applied to the list: DELETED removes the session (the
 * next tick then stops it wherever it played), anything else replaces or adds it. Payloads that
 * are not sessions leave the list as it is.
 */
export function applySync(sessions: readonly Session[], payload: unknown): Session[] | null {
  if (typeof payload !== "object" || payload === null) return null;
  const raw = payload as Record<string, unknown>;
  if (typeof raw.ID !== "string") return null;
  if (raw.InternalName === DELETED) {
    return sessions.some((s) => s.ID === raw.ID) ? sessions.filter((s) => s.ID !== raw.ID) : null;
  }
  const type = raw.EntityType ?? raw.Type;
  if (type !== undefined && type !== "Session") return null;
  const session = toSession(raw);
  if (!session) return null;
  const index = sessions.findIndex((s) => s.ID === session.ID);
  if (index === -1) return [...sessions, session];
  const next = [...sessions];
  next[index] = session;
  return next;
}

const CONFERENCE_TYPES: readonly ConferenceType[] = ["None", "Iframe", "Zoom", "Vimeo", "Youtube", ""];

/** A session from the API or a sync frame, or null when the required fields are missing. */
export function toSession(raw: Record<string, unknown>): Session | null {
  const str = (key: string) => (typeof raw[key] === "string" ? (raw[key] as string) : "");
  if (!str("ID") || !str("DateBegin") || !str("DateEnd")) return null;
  const conference = str("ConferenceType") as ConferenceType;
  return {
    ID: str("ID"),
    InternalName: str("InternalName"),
    Title: str("Title"),
    ScreenID: str("ScreenID"),
    IsVirtual: raw.IsVirtual !== false,
    DateBegin: str("DateBegin"),
    DateEnd: str("DateEnd"),
    NoAvtoPlay: raw.NoAvtoPlay === true,
    StreamID: str("StreamID"),
    ConferenceType: CONFERENCE_TYPES.includes(conference) ? conference : "None",
    ConferenceJoinURL: str("ConferenceJoinURL"),
    ConferenceID: str("ConferenceID"),
  };
}
