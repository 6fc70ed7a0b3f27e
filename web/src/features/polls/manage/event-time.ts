/**
 * Wall-clock times in the event's zone, from the events feature's `time.ts` (the settings form's
 * conversions, DST rules included), so a poll's schedule is entered exactly as the event's dates
 * and the sessions' are (the Schedule section imports them the same way). The events feature's
 * index does not export them (it is the attendee app's surface), so this file is the one place
 * that imports them directly.
 */
// eslint-disable-next-line no-restricted-imports -- the conversions live with the events console; its index is the attendee app's
export { formatInZone, isLocalDateTime, utcToZonedLocal, zonedLocalToEpoch, zonedLocalToUtc } from "@/features/events/manage/time";
