/**
 * A moment as the help desk shows it: the time in the reader's display zone, with the date
 * (DD.MM.YYYY) when it is not today there — a conversation may run over days.
 */
import { formatDate, formatTime } from "@/lib/dates";

export function when(value: string | number, language: string, zone: string, now: number = Date.now()): string {
  const date = new Date(value);
  const time = formatTime(date, language, zone);
  const day = formatDate(date, zone);
  return day === formatDate(new Date(now), zone) ? time : `${day} ${time}`;
}
