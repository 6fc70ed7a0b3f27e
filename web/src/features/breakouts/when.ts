/**
 * A room's opening or closing time as the attendee reads it: the time in their display zone,
 * with the date (DD.MM.YYYY) when it is not today there.
 */
import { formatDate, formatTime } from "@/lib/dates";

export function when(iso: string, language: string, timeZone: string, now: number): string {
  const time = formatTime(iso, language, timeZone);
  const day = formatDate(iso, timeZone);
  return day === formatDate(new Date(now), timeZone) ? time : `${day} ${time}`;
}
