/**
 * Wall-clock times in the event's zone, from the events feature's `time.ts` (DST rules included),
 * so a hunt's times are entered exactly as the event's and the sessions' are. The events
 * feature's index is the attendee app's surface, so this file is the one place that imports them.
 */
// eslint-disable-next-line no-restricted-imports -- the conversions live with the events console; its index is the attendee app's
export { formatInZone, isLocalDateTime, utcToZonedLocal, zonedLocalToEpoch, zonedLocalToUtc } from "@/features/events/manage/time";
