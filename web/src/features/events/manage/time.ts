/**
 * Wall-clock times in an event's time zone. The settings form edits begin and end as
 * `<input type="datetime-local">` values (`YYYY-MM-DDTHH:mm`) read in the event's IANA zone; the
 * server stores UTC (`DateBeginUTC`, `DateEndUTC`). Built on `Intl` alone: the offset of a zone at
 * an instant comes from `formatToParts`, so no time-zone database ships with the app.
 */

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const DAY = 24 * 60 * 60 * 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(instant: number, timeZone: string): WallClock {
  const parts = partsFormatter(timeZone).formatToParts(new Date(instant));
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? "0");
  return {
    year: value("year"),
    month: value("month"),
    day: value("day"),
    hour: value("hour") % 24,
    minute: value("minute"),
    second: value("second"),
  };
}

/** The zone's offset from UTC at `instant`, in milliseconds (east positive). */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** True for an IANA name this browser knows (and "UTC"). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** True for a complete `YYYY-MM-DDTHH:mm` value naming a real calendar date. */
export function isLocalDateTime(value: string): boolean {
  const m = LOCAL_DATE_TIME.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60
  );
}

/**
 * The UTC instant (ms) of a wall-clock time in `timeZone`, or null when the value is not a
 * complete date-time or the zone is unknown. A time skipped by a daylight-saving change (02:30 on
 * the spring-forward night) is read with the offset before the change, so it lands one hour later
 * in wall time, as clocks do; a repeated time (autumn) is the first of the two.
 */
export function zonedLocalToEpoch(local: string, timeZone: string): number | null {
  if (!isLocalDateTime(local) || !isValidTimeZone(timeZone)) return null;
  const m = LOCAL_DATE_TIME.exec(local);
  if (!m) return null;
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? "0"));
  // The offsets in force a day before, at and a day after the guess cover any change near it;
  // each gives a candidate, and the ones that read back as the wanted wall time are the answers.
  const offsets = new Set([DAY, 0, -DAY].map((shift) => offsetAt(asUtc - shift, timeZone)));
  const wanted = local.slice(0, 16);
  const candidates = [...offsets].map((o) => asUtc - o).filter((t) => localFromEpoch(t, timeZone) === wanted);
  if (candidates.length > 0) return Math.min(...candidates);
  // Skipped by a spring-forward change: read with the offset before it.
  return asUtc - offsetAt(asUtc - DAY, timeZone);
}

/** `zonedLocalToEpoch` as an ISO string in UTC (`2030-05-01T07:00:00.000Z`), or null. */
export function zonedLocalToUtc(local: string, timeZone: string): string | null {
  const epoch = zonedLocalToEpoch(local, timeZone);
  return epoch === null ? null : new Date(epoch).toISOString();
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function localFromEpoch(instant: number, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** A UTC instant (ISO string from the server) as the `datetime-local` value in `timeZone`. */
export function utcToZonedLocal(iso: string, timeZone: string): string {
  const instant = Date.parse(withZone(iso));
  if (Number.isNaN(instant)) return "";
  return localFromEpoch(instant, isValidTimeZone(timeZone) ? timeZone : "UTC");
}

/** The server writes `...UTC` fields with or without an offset; without one they are UTC. */
function withZone(iso: string): string {
  return /(?:Z|[+-]\d{2}:?\d{2})$/i.test(iso) ? iso : `${iso}Z`;
}

/** `DD.MM.YYYY HH:mm` in the event's zone (the app writes dates DD.MM.YYYY in every language). */
export function formatInZone(iso: string, timeZone: string): string {
  const local = utcToZonedLocal(iso, timeZone);
  const m = LOCAL_DATE_TIME.exec(local);
  return m ? `${m[3]}.${m[2]}.${m[1]} ${m[4]}:${m[5]}` : "";
}

/** The browser's own zone, the default for a new event. */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isValidTimeZone(zone) ? zone : "UTC";
  } catch {
    return "UTC";
  }
}

let zoneList: readonly string[] | null = null;

/**
 * The IANA names to offer: the browser's list (`Intl.supportedValuesOf`), plus UTC (some
 * browsers leave it out) and `current` when it is a name the list lacks (an alias an event was
 * saved with), sorted.
 */
export function timeZoneOptions(current?: string): readonly string[] {
  if (!zoneList) {
    let names: string[];
    try {
      names = Intl.supportedValuesOf("timeZone");
    } catch {
      names = [];
    }
    zoneList = [...new Set([...names, "UTC"])].sort();
  }
  if (current && !zoneList.includes(current) && isValidTimeZone(current)) return [...zoneList, current].sort();
  return zoneList;
}

/** Tomorrow at `hour`:00 in `timeZone`, as a `datetime-local` value: the defaults of a new event. */
export function tomorrowAt(hour: number, timeZone: string, now: number = Date.now()): string {
  const today = utcToZonedLocal(new Date(now).toISOString(), timeZone).slice(0, 10);
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}T${pad(hour)}:00`;
}
