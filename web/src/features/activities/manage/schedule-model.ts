/**
 * The schedule as the organizer reads it: sessions by event day (the calendar day a session
 * begins on in the event's zone, as the agenda and the replays count days), their times in that
 * zone, and sessions that would play on one screen at the same time — the pre-publish check's
 * rule (server/src/venuely/events/prepublish/agenda.py) run on the client, so the warning shows
 * while the schedule is edited.
 */
import type { SessionActivity } from "./api";
import { utcToZonedLocal } from "./event-time";

export interface ScheduleDay {
  /** The local date, `YYYY-MM-DD`. */
  date: string;
  sessions: SessionActivity[];
}

const time = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? t : Number.NaN;
};

/** By begin, then id: the agenda's order. */
export function byBegin(a: SessionActivity, b: SessionActivity): number {
  return time(a.DateBegin) - time(b.DateBegin) || a.ID.localeCompare(b.ID);
}

export function groupByDay(sessions: readonly SessionActivity[], timeZone: string): ScheduleDay[] {
  const days = new Map<string, SessionActivity[]>();
  for (const session of [...sessions].sort(byBegin)) {
    const date = utcToZonedLocal(session.DateBegin, timeZone).slice(0, 10);
    const list = days.get(date);
    if (list) list.push(session);
    else days.set(date, [session]);
  }
  return [...days].map(([date, list]) => ({ date, sessions: list }));
}

/** `DD.MM.YYYY`, the way the app writes dates in every language. */
export function formatDate(date: string): string {
  const [y, m, d] = date.split("-");
  return y && m && d ? `${d}.${m}.${y}` : date;
}

/** "Friday, 01.05.2030": the weekday in the person's language, the date as the app writes it. */
export function dayLabel(date: string, language: string): string {
  const [y, m, d] = date.split("-").map(Number);
  if (!y || !m || !d) return date;
  const weekday = new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, d)));
  return `${weekday}, ${formatDate(date)}`;
}

export interface TimeRange {
  begin: string;
  end: string;
  /** Set when the session ends on another local day than it begins. */
  endDate: string | null;
}

export function timeRange(session: SessionActivity, timeZone: string): TimeRange {
  const begin = utcToZonedLocal(session.DateBegin, timeZone);
  const end = utcToZonedLocal(session.DateEnd, timeZone);
  return { begin: begin.slice(11, 16), end: end.slice(11, 16), endDate: end.slice(0, 10) === begin.slice(0, 10) ? null : formatDate(end.slice(0, 10)) };
}

/** Whether a session plays on its screen: the check counts virtual sessions with a screen. */
function playing(session: SessionActivity): boolean {
  return session.IsVirtual !== false && (session.ScreenID ?? "") !== "";
}

export interface Overlap {
  session: SessionActivity;
  /** The earlier session it collides with (the one reaching furthest so far, as the check names). */
  other: SessionActivity;
  screenID: string;
}

/**
 * Every session colliding with an earlier one on its screen, once, naming that one. Touching
 * ranges (one ends when the next begins) do not collide.
 */
export function findOverlaps(sessions: readonly SessionActivity[]): Overlap[] {
  const rows = sessions
    .filter(playing)
    .map((s) => ({ s, screen: s.ScreenID ?? "", begin: time(s.DateBegin), end: time(s.DateEnd) }))
    .filter((r) => Number.isFinite(r.begin) && Number.isFinite(r.end))
    .sort((a, b) => a.screen.localeCompare(b.screen) || a.begin - b.begin || a.s.ID.localeCompare(b.s.ID));
  const found: Overlap[] = [];
  let furthest: { screen: string; end: number; s: SessionActivity } | null = null;
  for (const row of rows) {
    if (furthest && furthest.screen !== row.screen) furthest = null;
    if (furthest && row.begin < furthest.end) found.push({ session: row.s, other: furthest.s, screenID: row.screen });
    if (!furthest || row.end > furthest.end) furthest = { screen: row.screen, end: row.end, s: row.s };
  }
  return found;
}

export interface Planned {
  /** The session being edited (left out of the comparison), or null for a new one. */
  id: string | null;
  screenID: string;
  isVirtual: boolean;
  begin: number;
  end: number;
}

/** The other sessions a planned one would share its screen with at the same time, by begin. */
export function collisions(planned: Planned, sessions: readonly SessionActivity[]): SessionActivity[] {
  if (!planned.isVirtual || planned.screenID === "" || !(planned.end > planned.begin)) return [];
  return sessions
    .filter((s) => s.ID !== planned.id && playing(s) && s.ScreenID === planned.screenID)
    .filter((s) => time(s.DateBegin) < planned.end && planned.begin < time(s.DateEnd))
    .sort(byBegin);
}
