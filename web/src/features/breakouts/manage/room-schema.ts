/**
 * The room form's rules (zod, read by react-hook-form), mirroring the server's `BreakoutRoomIn`:
 * a name of 1–300 characters, a topic up to 1000, a capacity of 1–1000 whole seats, optional
 * opening times in the event's zone (closing after opening), and how people meet — a Jitsi Meet
 * or BigBlueButton room or any embeddable call page needs its http(s) address; a Zoom meeting is
 * made by the server through the event's Zoom account once the room is saved.
 *
 * Messages are keys under `validation.` of the `breakoutsManage` namespace.
 */
import { z } from "zod";
import { CALL_NEEDS_URL, CALL_TYPES, type BreakoutRoom, type CallType, type RoomBody } from "./api";
import { isLocalDateTime, utcToZonedLocal, zonedLocalToEpoch, zonedLocalToUtc } from "./event-time";

export const MAX_TITLE = 300;
export const MAX_TOPIC = 1000;
export const MAX_CAPACITY = 1000;
export const DEFAULT_CAPACITY = 20;

export const roomValidationKeys = [
  "titleRequired",
  "titleTooLong",
  "topicTooLong",
  "capacityRange",
  "dateInvalid",
  "closeBeforeOpen",
  "urlRequired",
  "urlInvalid",
] as const;
export type RoomValidationKey = (typeof roomValidationKeys)[number];

export function isRoomValidationKey(value: unknown): value is RoomValidationKey {
  return typeof value === "string" && (roomValidationKeys as readonly string[]).includes(value);
}

/** Characters as the server counts them (code points). */
const charCount = (value: string): number => Array.from(value).length;
const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

export function roomFormSchema(timeZone: string) {
  return z
    .object({
      Title: z.string(),
      Topic: z.string(),
      /** Text, as the number field gives it: "" and "2.5" are refused with a sentence, not NaN. */
      Capacity: z.string(),
      OpensAt: z.string(),
      ClosesAt: z.string(),
      ConferenceType: z.enum(CALL_TYPES),
      ConferenceJoinURL: z.string(),
    })
    .superRefine((v, ctx) => {
      const add = (path: string, message: RoomValidationKey) => ctx.addIssue({ code: "custom", path: [path], message });
      const title = v.Title.trim();
      if (title === "") add("Title", "titleRequired");
      else if (charCount(title) > MAX_TITLE) add("Title", "titleTooLong");
      if (charCount(v.Topic.trim()) > MAX_TOPIC) add("Topic", "topicTooLong");
      const capacity = Number(v.Capacity);
      if (!/^\d+$/.test(v.Capacity.trim()) || capacity < 1 || capacity > MAX_CAPACITY) add("Capacity", "capacityRange");

      const opens = v.OpensAt === "" ? null : zonedLocalToEpoch(v.OpensAt, timeZone);
      const closes = v.ClosesAt === "" ? null : zonedLocalToEpoch(v.ClosesAt, timeZone);
      if (v.OpensAt !== "" && (!isLocalDateTime(v.OpensAt) || opens === null)) add("OpensAt", "dateInvalid");
      if (v.ClosesAt !== "" && (!isLocalDateTime(v.ClosesAt) || closes === null)) add("ClosesAt", "dateInvalid");
      else if (opens !== null && closes !== null && closes <= opens) add("ClosesAt", "closeBeforeOpen");

      if (CALL_NEEDS_URL.includes(v.ConferenceType)) {
        const url = v.ConferenceJoinURL.trim();
        if (url === "") add("ConferenceJoinURL", "urlRequired");
        else if (!HTTP_URL.test(url)) add("ConferenceJoinURL", "urlInvalid");
      }
    });
}

export type RoomFormValues = z.infer<ReturnType<typeof roomFormSchema>>;

const isCallType = (value: string): value is CallType => (CALL_TYPES as readonly string[]).includes(value);

/** The form's values for a stored room, or a new room's defaults. */
export function roomValues(room: BreakoutRoom | null, timeZone: string): RoomFormValues {
  const local = (iso: string | null) => (iso ? utcToZonedLocal(iso, timeZone) : "");
  const type = room && isCallType(room.ConferenceType) ? room.ConferenceType : "None";
  return {
    Title: room?.Title ?? "",
    Topic: room?.Topic ?? "",
    Capacity: String(room?.Capacity ?? DEFAULT_CAPACITY),
    OpensAt: local(room?.OpensAt ?? null),
    ClosesAt: local(room?.ClosesAt ?? null),
    ConferenceType: type,
    // A Zoom meeting's address is the server's; the form asks only for the others.
    ConferenceJoinURL: type === "Zoom" ? "" : (room?.Call?.URL ?? ""),
  };
}

/** Whether the room has a Zoom meeting made by the server (its ID is the meeting's). */
export const hasZoomMeeting = (room: BreakoutRoom | null): boolean => room?.ConferenceType === "Zoom" && Boolean(room.Call?.MeetingID);

/**
 * The room document. The PUT replaces the whole document, so what the form does not edit is sent
 * back as stored: the internal name, the place in the venue, and a kept Zoom meeting's join data
 * (which only the server makes).
 */
export function toRoomBody(v: RoomFormValues, stored: BreakoutRoom | null, timeZone: string): RoomBody {
  const keepZoom = v.ConferenceType === "Zoom" && hasZoomMeeting(stored);
  const call = keepZoom ? stored?.Call : null;
  return {
    InternalName: stored?.InternalName ?? "",
    Title: v.Title.trim(),
    Topic: v.Topic.trim(),
    Capacity: Number(v.Capacity),
    OpensAt: v.OpensAt === "" ? null : zonedLocalToUtc(v.OpensAt, timeZone),
    ClosesAt: v.ClosesAt === "" ? null : zonedLocalToUtc(v.ClosesAt, timeZone),
    ConferenceType: v.ConferenceType,
    ConferenceJoinURL: call ? call.URL : CALL_NEEDS_URL.includes(v.ConferenceType) ? v.ConferenceJoinURL.trim() : "",
    ConferenceID: call?.MeetingID ?? "",
    ConferencePassword: call?.Password ?? "",
    PanoNodeID: stored?.PanoNodeID ?? "",
  };
}
