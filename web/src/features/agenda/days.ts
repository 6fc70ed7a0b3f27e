/**
 * The agenda's days (attendee-app.md §9, docs/subsystems/lists.md): day 1 is the calendar day on
 * which the event begins *in the event's own time zone*, day N is N−1 days later, and a session
 * is listed on the day it begins in that zone. The tabs follow the event's days, whatever zone
 * the attendee reads times in, so they match `lists/agenda?DayNumber` exactly.
 */
import { eventDay } from "@/features/variables";
import { formatDate } from "@/lib/dates";

/** Never more tabs than this: a mistyped end date must not make hundreds of them. */
export const MAX_DAYS = 30;

export interface AgendaDay {
  number: number;
  /** The day's date in the event's zone, DD.MM.YYYY (§9). */
  date: string;
}

export interface EventDates {
  DateBeginUTC?: string | undefined;
  DateEndUTC?: string | undefined;
  TimeZone?: string | undefined;
}

/** "YYYY-MM-DD" of an instant in a zone; UTC for a zone Intl does not know. */
export function localDate(instant: number, timeZone: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(instant));
  try {
    return format(timeZone || "UTC");
  } catch {
    return format("UTC");
  }
}

/** The date `days` after a "YYYY-MM-DD" date, as DD.MM.YYYY (calendar arithmetic, no zone). */
function dateAfter(isoDate: string, days: number): string {
  const start = Date.parse(`${isoDate}T00:00:00Z`);
  return formatDate(new Date(start + days * 86_400_000), "UTC");
}

/** The event's days with their dates; one day when the event has no usable dates. */
export function agendaDays(event: EventDates | null): AgendaDay[] {
  const begin = event?.DateBeginUTC ? Date.parse(event.DateBeginUTC) : Number.NaN;
  const end = event?.DateEndUTC ? Date.parse(event.DateEndUTC) : Number.NaN;
  const zone = event?.TimeZone || "UTC";
  if (!Number.isFinite(begin)) return [{ number: 1, date: "" }];
  const first = localDate(begin, zone);
  // The last instant of the event is just before its end; its local day is the last tab.
  const last = Number.isFinite(end) && end > begin ? eventDay(event?.DateBeginUTC ?? "", event?.DateEndUTC ?? "", end - 1, zone) : 1;
  const count = Math.min(Math.max(last, 1), MAX_DAYS);
  return Array.from({ length: count }, (_, i) => ({ number: i + 1, date: dateAfter(first, i) }));
}

/** The tab to open first: today's day while the event runs, else day 1. */
export function initialDay(event: EventDates | null, days: readonly AgendaDay[], now: number): number {
  if (!event?.DateBeginUTC || !event.DateEndUTC) return 1;
  const today = eventDay(event.DateBeginUTC, event.DateEndUTC, now, event.TimeZone || "UTC");
  return today >= 1 && today <= days.length ? today : 1;
}

/**
 * The agenda day a session is listed on: the days between the event's first local day and the
 * session's begin, in the event's zone (the server's `DayNumber` rule); 0 before the first day.
 */
export function sessionDayNumber(event: EventDates | null, dateBegin: string): number {
  const zone = event?.TimeZone || "UTC";
  const begin = event?.DateBeginUTC ? Date.parse(event.DateBeginUTC) : Number.NaN;
  const at = Date.parse(dateBegin);
  if (!Number.isFinite(begin) || !Number.isFinite(at)) return 1;
  const days = Math.round((Date.parse(localDate(at, zone)) - Date.parse(localDate(begin, zone))) / 86_400_000);
  return Math.max(days + 1, 0);
}
