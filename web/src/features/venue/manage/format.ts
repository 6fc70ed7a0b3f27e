/**
 * Sizes, shares and dates of the Venue screen in the person's language. Dates follow the console's
 * DD.MM.YYYY (lib/dates.ts) with the time, in the browser's zone: an upload is a moment in the
 * organizer's day, not in the event's.
 */
import { formatDate } from "@/lib/dates";

/** The server's default tour allowance (`VENUELY_MAX_TOUR_UPLOAD_BYTES`, 200 MiB); not published. */
export const MAX_TOUR_BYTES = 200 * 1024 * 1024;

/** "12.5 MB", "250 KB". */
export function formatBytes(bytes: number, language: string): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return new Intl.NumberFormat(language, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(mb);
  return new Intl.NumberFormat(language, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024));
}

export function formatPercent(share: number, language: string): string {
  return new Intl.NumberFormat(language, { style: "percent" }).format(Math.min(1, Math.max(0, share)));
}

/** "03.06.2031 14:05"; "" for a value that is not a date. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  const day = formatDate(date);
  if (!day) return "";
  const time = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(date);
  return `${day} ${time}`;
}

/** An angle in degrees in the person's number format ("-4,5°" in German). */
export function formatAngle(degrees: number, language: string): string {
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(degrees)}°`;
}
