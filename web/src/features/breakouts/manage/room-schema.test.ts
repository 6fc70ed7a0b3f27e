import { describe, expect, it } from "vitest";
import { room } from "../testing";
import { roomFormSchema, roomValues, toRoomBody, type RoomFormValues } from "./room-schema";

const ZONE = "Europe/Berlin";
const schema = roomFormSchema(ZONE);
const valid: RoomFormValues = { Title: "Garden", Topic: "", Capacity: "8", OpensAt: "", ClosesAt: "", ConferenceType: "Jitsi", ConferenceJoinURL: "https://meet.jit.si/garden" };

function problems(change: Partial<RoomFormValues>): Record<string, string> {
  const result = schema.safeParse({ ...valid, ...change });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("the room form's rules", () => {
  it("accepts a complete room", () => {
    expect(problems({})).toEqual({});
  });

  it("needs a name of at most 300 characters and a topic of at most 1000", () => {
    expect(problems({ Title: "  " })).toEqual({ Title: "titleRequired" });
    expect(problems({ Title: "x".repeat(301) })).toEqual({ Title: "titleTooLong" });
    expect(problems({ Topic: "x".repeat(1001) })).toEqual({ Topic: "topicTooLong" });
  });

  it("takes whole seats from 1 to 1000 only", () => {
    for (const Capacity of ["", "0", "1001", "2.5", "-3", "four"]) expect(problems({ Capacity }), Capacity).toEqual({ Capacity: "capacityRange" });
    expect(problems({ Capacity: "1000" })).toEqual({});
  });

  it("closes after it opens, in the event's zone", () => {
    expect(problems({ OpensAt: "2030-05-01T10:00", ClosesAt: "2030-05-01T09:00" })).toEqual({ ClosesAt: "closeBeforeOpen" });
    expect(problems({ OpensAt: "2030-05-01T10:00", ClosesAt: "2030-05-01T10:30" })).toEqual({});
  });

  it("asks for an http(s) address for Jitsi, BigBlueButton and a call page, and none for Zoom or no call", () => {
    expect(problems({ ConferenceJoinURL: "" })).toEqual({ ConferenceJoinURL: "urlRequired" });
    expect(problems({ ConferenceType: "Iframe", ConferenceJoinURL: "javascript:alert(1)" })).toEqual({ ConferenceJoinURL: "urlInvalid" });
    expect(problems({ ConferenceType: "Zoom", ConferenceJoinURL: "" })).toEqual({});
    expect(problems({ ConferenceType: "None", ConferenceJoinURL: "" })).toEqual({});
  });
});

describe("the room document", () => {
  it("has UTC times, a number of seats, and only the address the call type needs", () => {
    const body = toRoomBody({ ...valid, OpensAt: "2030-05-01T10:00", Capacity: "12" }, null, ZONE);
    expect(body).toMatchObject({ Title: "Garden", Capacity: 12, OpensAt: "2030-05-01T08:00:00.000Z", ClosesAt: null, ConferenceType: "Jitsi", ConferenceJoinURL: "https://meet.jit.si/garden" });
    expect(toRoomBody({ ...valid, ConferenceType: "None" }, null, ZONE).ConferenceJoinURL).toBe("");
  });

  it("sends back what the form does not edit, and a kept Zoom meeting's join data", () => {
    const stored = room("r1", {
      InternalName: "demo-garden",
      PanoNodeID: "garden",
      ConferenceType: "Zoom",
      Call: { Type: "Zoom", URL: "https://zoom.us/j/42", MeetingID: "42", Password: "pw" },
    });
    const values = roomValues(stored, ZONE);
    expect(values.ConferenceJoinURL).toBe("");
    expect(toRoomBody(values, stored, ZONE)).toMatchObject({ InternalName: "demo-garden", PanoNodeID: "garden", ConferenceType: "Zoom", ConferenceJoinURL: "https://zoom.us/j/42", ConferenceID: "42", ConferencePassword: "pw" });
    // Leaving Zoom drops the meeting's data.
    expect(toRoomBody({ ...values, ConferenceType: "Jitsi", ConferenceJoinURL: "https://meet.jit.si/x" }, stored, ZONE)).toMatchObject({ ConferenceID: "", ConferencePassword: "" });
  });

  it("reads a stored room's times back in the event's zone", () => {
    const values = roomValues(room("r1", { OpensAt: "2030-05-01T08:00:00Z", Capacity: 7, Call: { Type: "Jitsi", URL: "https://meet.jit.si/a", MeetingID: "", Password: "" } }), ZONE);
    expect(values).toMatchObject({ OpensAt: "2030-05-01T10:00", Capacity: "7", ConferenceJoinURL: "https://meet.jit.si/a" });
  });
});
