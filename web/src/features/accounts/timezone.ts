/**
 * The attendee's time zone (attendee-app.md §9): GMT −12 to GMT +14 in whole hours, stored on the
 * person as `TimezoneName` ("GMT+2") and `TimezoneShift` (2). Every time an attendee reads —
 * agenda, sessions, chat — is formatted in `useDisplayZone()`: the person's chosen offset, or the
 * browser's own zone while they have not chosen one (so daylight saving follows the browser
 * until the person picks a fixed offset).
 *
 * Intl formats a fixed offset through the `Etc/GMT±N` zones, whose sign is inverted by POSIX
 * convention: GMT+2 is `Etc/GMT-2`.
 */
import { usePersonStore } from "./person-store";

export const MIN_SHIFT = -12;
export const MAX_SHIFT = 14;

/** Every offset offered, west to east. */
export const TIMEZONE_SHIFTS: readonly number[] = Array.from({ length: MAX_SHIFT - MIN_SHIFT + 1 }, (_, i) => MIN_SHIFT + i);

export const isShift = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= MIN_SHIFT && value <= MAX_SHIFT;

/** "GMT+2", "GMT-5", "GMT" (the `TimezoneName` stored with a shift). */
export function shiftName(shift: number): string {
  return shift === 0 ? "GMT" : `GMT${shift > 0 ? "+" : "-"}${Math.abs(shift)}`;
}

/** The IANA zone Intl formats a whole-hour offset with. */
export function zoneOfShift(shift: number): string {
  return shift === 0 ? "Etc/GMT" : `Etc/GMT${shift > 0 ? "-" : "+"}${Math.abs(shift)}`;
}

export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** The browser's current offset in whole hours, clamped to the offered range (the default choice). */
export function browserShift(now: Date = new Date()): number {
  const shift = Math.round(-now.getTimezoneOffset() / 60);
  return Math.min(MAX_SHIFT, Math.max(MIN_SHIFT, shift));
}

export interface TimezoneSetting {
  TimezoneName?: string | null;
  TimezoneShift?: number | null;
}

/** Whether the person has chosen an offset (a name is stored with it; a bare 0 is the default). */
export function hasChosenZone(setting: TimezoneSetting | null | undefined): boolean {
  return Boolean(setting?.TimezoneName) && isShift(setting?.TimezoneShift);
}

/** The zone to format with for this person: their offset if chosen, else the browser's zone. */
export function displayZone(setting: TimezoneSetting | null | undefined): string {
  return hasChosenZone(setting) ? zoneOfShift(setting?.TimezoneShift as number) : browserZone();
}

/** The signed-in person's display zone; components re-render when they change it. */
export function useDisplayZone(): string {
  const person = usePersonStore((s) => s.person);
  return displayZone(person);
}

/** The fields to save when the person picks an offset (`PUT /persons/{PersonID}`). */
export function timezoneFields(shift: number): Required<{ TimezoneName: string; TimezoneShift: number }> {
  return { TimezoneName: shiftName(shift), TimezoneShift: shift };
}
