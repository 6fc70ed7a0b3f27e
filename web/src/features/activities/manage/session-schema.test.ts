import { describe, expect, it } from "vitest";
import type { SessionActivity } from "./api";
import { sessionFormSchema, sessionValues, toSessionBody, type SessionFormValues, type SessionRules } from "./session-schema";
import { isHttpUrl, vimeoRef, youtubeId } from "./stream-sources";

const VIDEO = "f".repeat(24);
const rules: SessionRules = {
  timeZone: "Europe/Berlin",
  screens: new Set(["stage"]),
  storedScreen: "",
  videos: new Set([VIDEO]),
  speakers: new Set(["s1"]),
};

function values(change: Partial<SessionFormValues> = {}): SessionFormValues {
  return { ...sessionValues(null, "Europe/Berlin", [], "2030-05-01T09:00"), Title: "Keynote", InternalName: "keynote", ...change };
}

/** The refused fields with their messages. */
function issues(v: SessionFormValues, r: SessionRules = rules): Record<string, string> {
  const result = sessionFormSchema(r).safeParse(v);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe("session form rules", () => {
  it("accepts a plain session and starts a new one at the given time for an hour", () => {
    expect(values().End).toBe("2030-05-01T10:00");
    expect(issues(values())).toEqual({});
  });

  it("refuses an end before (or at) the begin, read in the event's zone", () => {
    expect(issues(values({ End: "2030-05-01T08:59" }))).toEqual({ End: "endBeforeBegin" });
    expect(issues(values({ End: "2030-05-01T09:00" }))).toEqual({ End: "endBeforeBegin" });
    // 02:30 does not exist in Berlin on 2030-03-31 (clocks go 02:00 → 03:00): it reads as 03:30,
    // so an end at 03:15 is before it.
    expect(issues(values({ Begin: "2030-03-31T02:30", End: "2030-03-31T03:15" }))).toEqual({ End: "endBeforeBegin" });
    expect(issues(values({ Begin: "", End: "2030-13-01T10:00" }))).toEqual({ Begin: "dateRequired", End: "dateInvalid" });
  });

  it("asks for title and internal name, and keeps DELETED for removals", () => {
    expect(issues(values({ Title: " ", InternalName: "" }))).toEqual({ Title: "titleRequired", InternalName: "internalNameRequired" });
    expect(issues(values({ InternalName: "DELETED" }))).toEqual({ InternalName: "internalNameReserved" });
    expect(issues(values({ InternalName: "x".repeat(201) }))).toEqual({ InternalName: "internalNameTooLong" });
  });

  it("refuses stream URLs that are not http(s)", () => {
    for (const url of ["javascript:alert(1)", "data:text/html,x", "ftp://example.com/x", "example.com/live", "/relative", "https://exa mple.com"]) {
      expect(issues(values({ ConferenceType: "Iframe", JoinURL: url })), url).toEqual({ JoinURL: "urlInvalid" });
    }
    expect(issues(values({ ConferenceType: "Iframe", JoinURL: "" }))).toEqual({ JoinURL: "urlRequired" });
    expect(issues(values({ ConferenceType: "Iframe", JoinURL: "https://stream.example.com/live?x=1" }))).toEqual({});
    // Zoom may wait for a meeting created by the server, but a typed link must be http(s).
    expect(issues(values({ ConferenceType: "Zoom", JoinURL: "" }))).toEqual({});
    expect(issues(values({ ConferenceType: "Zoom", JoinURL: "zoommtg://zoom.us/join" }))).toEqual({ JoinURL: "urlInvalid" });
  });

  it("takes YouTube and Vimeo ids or links naming one", () => {
    expect(issues(values({ ConferenceType: "Youtube", ExternalVideo: "https://youtu.be/aqz-KE-bpKQ" }))).toEqual({});
    expect(issues(values({ ConferenceType: "Youtube", ExternalVideo: "https://vimeo.com/76979871" }))).toEqual({ ExternalVideo: "youtubeInvalid" });
    expect(issues(values({ ConferenceType: "Vimeo", ExternalVideo: "https://vimeo.com/76979871" }))).toEqual({});
    expect(issues(values({ ConferenceType: "Vimeo", ExternalVideo: "76979871x" }))).toEqual({ ExternalVideo: "vimeoInvalid" });
  });

  it("wants one of the event's videos, screens and speakers", () => {
    expect(issues(values({ ConferenceType: "Video" }))).toEqual({ VideoID: "videoRequired" });
    expect(issues(values({ ConferenceType: "Video", VideoID: "a".repeat(24) }))).toEqual({ VideoID: "videoUnknown" });
    expect(issues(values({ ConferenceType: "Video", VideoID: VIDEO }))).toEqual({});
    // Without the list the server decides.
    expect(issues(values({ ConferenceType: "Video", VideoID: "a".repeat(24) }), { ...rules, videos: null })).toEqual({});
    expect(issues(values({ ScreenID: "elsewhere" }))).toEqual({ ScreenID: "screenUnknown" });
    expect(issues(values({ SpeakerIDs: ["s1", "gone"] }))).toEqual({ SpeakerIDs: "speakerUnknown" });
  });

  it("keeps the stored screen unchecked only while the tour is unknown", () => {
    const stored = { ...rules, storedScreen: "old-screen" };
    expect(issues(values({ ScreenID: "old-screen" }), stored)).toEqual({ ScreenID: "screenUnknown" });
    expect(issues(values({ ScreenID: "old-screen" }), { ...stored, screens: null })).toEqual({});
    expect(issues(values({ ScreenID: "other" }), { ...stored, screens: null })).toEqual({ ScreenID: "screenUnknown" });
  });
});

describe("the session body", () => {
  const stored: SessionActivity = {
    ID: "a".repeat(24),
    EventID: "e".repeat(24),
    InternalName: "keynote",
    Title: "Keynote",
    PanoNodeID: "lobby",
    ScreenID: "",
    DateBegin: "2030-05-01T07:00:00Z",
    DateEnd: "2030-05-01T08:00:00Z",
    StreamID: "main-stream",
    LocationID: "loc-1",
    Tags: ["plenary"],
    QnaModerated: true,
    ReactionsEnabled: false,
    ConferenceType: "Vimeo",
    ConferenceID: "76979871",
    ConferencePassword: "secret",
  };
  const roomOf = (screen: string) => (screen === "stage" ? "auditorium" : null);

  it("sends the event-local times in UTC, every field, the stored ones unchanged", () => {
    const v = values({ Title: " Opening ", Begin: "2030-05-01T09:00", End: "2030-05-01T10:30", ScreenID: "stage", ConferenceType: "Iframe", JoinURL: " https://x.example/live " });
    expect(toSessionBody(v, { timeZone: "Europe/Berlin", stored, roomOf })).toEqual({
      InternalName: "keynote",
      Title: "Opening",
      Description: "",
      PanoNodeID: "auditorium",
      ScreenID: "stage",
      IsVirtual: true,
      DateBegin: "2030-05-01T07:00:00.000Z",
      DateEnd: "2030-05-01T08:30:00.000Z",
      NoAvtoPlay: false,
      StreamID: "main-stream",
      ConferenceType: "Iframe",
      ConferenceJoinURL: "https://x.example/live",
      ConferenceID: "",
      ConferencePassword: "",
      LocationID: "loc-1",
      Tags: ["plenary"],
      QnaEnabled: true,
      QnaModerated: true,
      ReactionsEnabled: false,
    });
  });

  it("reads a stored session back into the form in the event's zone", () => {
    const v = sessionValues(stored, "Europe/Berlin", ["s1"]);
    expect(v).toMatchObject({ Begin: "2030-05-01T09:00", End: "2030-05-01T10:00", ConferenceType: "Vimeo", ExternalVideo: "76979871", Password: "secret", SpeakerIDs: ["s1"] });
    // Unchanged screen: the stored room stays.
    expect(toSessionBody(v, { timeZone: "Europe/Berlin", stored, roomOf }).PanoNodeID).toBe("lobby");
  });

  it("reduces YouTube and Vimeo links to what the player reads", () => {
    const body = (change: Partial<SessionFormValues>) => toSessionBody(values(change), { timeZone: "UTC", stored: null, roomOf });
    expect(body({ ConferenceType: "Youtube", ExternalVideo: "https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=3" })).toMatchObject({ ConferenceID: "aqz-KE-bpKQ", ConferenceJoinURL: "" });
    expect(body({ ConferenceType: "Vimeo", ExternalVideo: "https://vimeo.com/76979871/abc123def4" })).toMatchObject({
      ConferenceID: "76979871",
      ConferenceJoinURL: "https://player.vimeo.com/video/76979871?h=abc123def4",
    });
    expect(body({ ConferenceType: "Video", VideoID: VIDEO, JoinURL: "https://left.over" })).toMatchObject({ ConferenceID: VIDEO, ConferenceJoinURL: "" });
    expect(body({ ConferenceType: "None", JoinURL: "https://left.over" })).toMatchObject({ ConferenceID: "", ConferenceJoinURL: "", ConferencePassword: "" });
  });
});

describe("stream sources", () => {
  it("checks http(s) URLs as the server does", () => {
    expect(isHttpUrl("https://example.com")).toBe(true);
    expect(isHttpUrl("HTTP://EXAMPLE.COM/a")).toBe(true);
    expect(isHttpUrl("https:example.com")).toBe(false);
    expect(isHttpUrl("https://")).toBe(false);
    expect(isHttpUrl("mailto:a@b.c")).toBe(false);
  });

  it("finds YouTube and Vimeo ids", () => {
    expect(youtubeId("https://youtube.com/shorts/aqz-KE-bpKQ")).toBe("aqz-KE-bpKQ");
    expect(youtubeId("https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ")).toBe("aqz-KE-bpKQ");
    expect(youtubeId("https://evil.example/watch?v=aqz-KE-bpKQ")).toBeNull();
    expect(vimeoRef("https://player.vimeo.com/video/76979871")).toEqual({ id: "76979871", playerURL: "" });
    expect(vimeoRef("https://player.vimeo.com/video/76979871?h=abc123def4")?.playerURL).toBe("https://player.vimeo.com/video/76979871?h=abc123def4");
    expect(vimeoRef("https://vimeo.example/76979871")).toBeNull();
  });
});
