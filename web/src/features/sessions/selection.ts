/**
 * Which session plays on which screen (attendee-app.md §4), as pure functions of the session list
 * and the time, so the rules are tested with fake time and no player.
 */

/**
 * `Video` extends the spec's list (docs/subsystems/media.md): the session streams a video of the
 * event's cinema as simulated live, `ConferenceID` naming the video.
 */
export type ConferenceType = "None" | "Iframe" | "Zoom" | "Vimeo" | "Youtube" | "Video" | "";

/**
 * A session as the attendee reads it. The stream fields (`StreamID`, `ConferenceJoinURL`,
 * `ConferenceID`) come from the server only while the session is playable (the server's stream
 * rule, docs/subsystems/activities.md): a session read before it began lacks them, and the store
 * fetches it again once it begins (`needsStreamFields`). Absent means "not told yet", which is not
 * the same as an empty string ("this session has none").
 */
export interface Session {
  ID: string;
  InternalName: string;
  Title?: string;
  ScreenID: string;
  IsVirtual: boolean;
  DateBegin: string;
  DateEnd: string;
  NoAvtoPlay: boolean;
  StreamID?: string;
  ConferenceType: ConferenceType;
  ConferenceJoinURL?: string;
  ConferenceID?: string;
  /**
   * Live interaction switches (docs/subsystems/web-interaction.md), as the organizers set them;
   * absent in sessions stored before they existed, which means on (the contract's default).
   */
  QnaEnabled?: boolean;
  ReactionsEnabled?: boolean;
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

/**
 * The session lacks a stream field the app reads itself: `StreamID` (the same-stream switch) or,
 * for Youtube, `ConferenceID` (the embed). Iframe, Zoom and Vimeo play through the stream calls.
 * A Video session plays through its stream call too, but waits for its `ConferenceID`: having it
 * means the server counts the session as playing, so a clock running ahead of the server's does not
 * meet the stream call's 410.
 */
export function lacksStreamFields(session: Session): boolean {
  return (
    session.StreamID === undefined ||
    ((session.ConferenceType === "Youtube" || session.ConferenceType === "Video") && session.ConferenceID === undefined)
  );
}

/** Active now, and read before it began: it has to be fetched again to play as it should. */
export function needsStreamFields(session: Session, now: number): boolean {
  return isActive(session, now) && lacksStreamFields(session);
}

/**
 * How long after a session begins the tick waits for its `StreamID` before deciding without it:
 * the refetch is spread over a few seconds (store.ts), and deciding earlier would start or stop a
 * screen that should switch silently.
 */
export const STREAM_WAIT_MS = 10_000;

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
 * An active session of the screen whose `StreamID` is still on its way (it began less than
 * `STREAM_WAIT_MS` ago): while there is one, a running session with a stream may be about to
 * switch to it.
 */
function awaitingStreamID(active: readonly Session[], now: number): boolean {
  return active.some((s) => s.StreamID === undefined && now - Date.parse(s.DateBegin) < STREAM_WAIT_MS);
}

/**
 * One tick for one screen: keep a running session that is still active; else switch silently to
 * another active session with the same StreamID; else start the first auto-play session; else
 * "off" (the header navigation turns that screen's live indicator off). A running session with a
 * stream is kept a few seconds past its end while a session that just began has no StreamID yet,
 * so the switch is not lost to the refetch's delay.
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
    if (awaitingStreamID(active, now)) return { kind: "keep", sessionID: running.ID };
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

/**
 * A session fetched again for its stream fields, merged into the list: it replaces the one held
 * unless that one was removed meanwhile (a DELETED push) or already has the fields (a push came
 * first, and is at least as new). Null when nothing changes.
 */
export function mergeFetched(sessions: readonly Session[], fetched: Session): Session[] | null {
  const index = sessions.findIndex((s) => s.ID === fetched.ID);
  const held = sessions[index];
  if (!held || !lacksStreamFields(held)) return null;
  const next = [...sessions];
  next[index] = fetched;
  return next;
}

const CONFERENCE_TYPES: readonly ConferenceType[] = ["None", "Iframe", "Zoom", "Vimeo", "Youtube", "Video", ""];

/** A stream field as sent, or absent when the server did not send it (see `Session`). */
function streamFields(raw: Record<string, unknown>): Pick<Session, "StreamID" | "ConferenceJoinURL" | "ConferenceID"> {
  const fields: Pick<Session, "StreamID" | "ConferenceJoinURL" | "ConferenceID"> = {};
  for (const key of ["StreamID", "ConferenceJoinURL", "ConferenceID"] as const) {
    const value = raw[key];
    if (typeof value === "string") fields[key] = value;
  }
  return fields;
}

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
    ConferenceType: CONFERENCE_TYPES.includes(conference) ? conference : "None",
    ...streamFields(raw),
    ...interactionFields(raw),
  };
}

/** The live interaction switches as sent; left out when not sent (see `Session`). */
function interactionFields(raw: Record<string, unknown>): Pick<Session, "QnaEnabled" | "ReactionsEnabled"> {
  const fields: Pick<Session, "QnaEnabled" | "ReactionsEnabled"> = {};
  for (const key of ["QnaEnabled", "ReactionsEnabled"] as const) {
    const value = raw[key];
    if (typeof value === "boolean") fields[key] = value;
  }
  return fields;
}
