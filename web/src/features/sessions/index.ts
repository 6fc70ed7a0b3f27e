/** Live sessions: the list, the per-screen tick and the stream player (attendee-app.md §4). */
export { useSessions, startSessions, SESSION_TICK_MS, type SessionListState } from "./store";
export { SessionPlayer, type PlayerExtras } from "./SessionPlayer";
export { isActive, tickScreen, type Session, type ConferenceType } from "./selection";
