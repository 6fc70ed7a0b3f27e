/** Dates display as DD.MM.YYYY in every language (attendee-app.md §9). */

export function formatDate(value: string | Date, timeZone?: string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  const parts = new Intl.DateTimeFormat("en-GB", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")}.${part("month")}.${part("year")}`;
}

/**
 * "14:05" (or "2:05 PM", as the language writes times) in `timeZone`: every time an attendee
 * reads goes through here with `useDisplayZone()` (features/accounts/timezone.ts).
 */
export function formatTime(value: string | Date, language: string, timeZone?: string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  try {
    return new Intl.DateTimeFormat(language, { hour: "2-digit", minute: "2-digit", ...(timeZone ? { timeZone } : {}) }).format(date);
  } catch {
    // An unknown zone (a stale stored name): the browser's own zone rather than nothing.
    return new Intl.DateTimeFormat(language, { hour: "2-digit", minute: "2-digit" }).format(date);
  }
}
