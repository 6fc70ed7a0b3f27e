/**
 * Times in the event's zone, from the events feature's `time.ts` (the settings form's conversions),
 * so a question's time reads as the event's dates do everywhere in the console. The events
 * feature's index does not export them (it is the attendee app's surface), so this file is the one
 * place that imports them directly.
 */
// eslint-disable-next-line no-restricted-imports -- the conversions live with the events console; its index is the attendee app's
export { formatInZone } from "@/features/events/manage/time";
