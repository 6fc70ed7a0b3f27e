import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import type { Video } from "./api";
import { mapVideoError, streamingSessions, uploadRefusal } from "./media-errors";
import { moved } from "./media-writes";
import { posterProblem, toVideoBody, videoFileProblem, videoFormSchema, videoValues, type VideoFormValues } from "./video-schema";
import { sourceProblem } from "./video-sources";
import { formatDuration } from "./VideoList";

describe("video sources (media/sources.py)", () => {
  it("refuses what the server refuses", () => {
    // The server's own table of bad sources (tests/api/test_media_videos.py).
    const bad: [Parameters<typeof sourceProblem>[0], string][] = [
      ["mp4", "javascript:alert(1)"],
      ["mp4", "ftp://cdn.example.com/a.mp4"],
      ["mp4", "data:video/mp4;base64,AAAA"],
      ["mp4", "file:///etc/passwd"],
      ["mp4", "/relative/a.mp4"],
      ["mp4", "https://"],
      ["hls", "https://cdn.example.com/a.mp4"],
      ["hls", "javascript:x.m3u8"],
      ["youtube", "https://evil.example.com/watch?v=aqz-KE-bpKQ"],
      ["youtube", "javascript:aqz-KE-bpKQ"],
      ["youtube", "short"],
      ["vimeo", "https://vimeo.com/channels/x"],
      ["vimeo", "12ab"],
    ];
    for (const [kind, url] of bad) expect(sourceProblem(kind, url), `${kind} ${url}`).not.toBeNull();
    expect(sourceProblem("hls", "https://cdn.example.com/a.mp4")).toBe("hlsInvalid");
    expect(sourceProblem("mp4", "  ")).toBe("urlRequired");
  });

  it("takes what the server takes, the answered URLs included", () => {
    const good: [Parameters<typeof sourceProblem>[0], string][] = [
      ["mp4", "https://cdn.example.com/two.mp4"],
      ["mp4", `/api/v1/files/${"a".repeat(64)}`],
      ["hls", "https://cdn.example.com/live/index.m3u8?t=1"],
      ["hls", `/api/v1/files/${"b".repeat(64)}`],
      ["youtube", "aqz-KE-bpKQ"],
      ["youtube", "https://www.youtube.com/watch?v=aqz-KE-bpKQ"],
      ["youtube", "https://youtu.be/aqz-KE-bpKQ"],
      ["youtube", "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"],
      ["youtube", "https://youtube.com/live/aqz-KE-bpKQ/"],
      ["vimeo", "76979871"],
      ["vimeo", "https://vimeo.com/76979871"],
      ["vimeo", "https://player.vimeo.com/video/76979871"],
    ];
    for (const [kind, url] of good) expect(sourceProblem(kind, url), `${kind} ${url}`).toBeNull();
  });
});

describe("the video form", () => {
  const values = (change: Partial<VideoFormValues>): VideoFormValues => ({ ...videoValues(null), Title: "Keynote", ...change });
  const issues = (v: VideoFormValues) => {
    const result = videoFormSchema.safeParse(v);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it("checks the title and, from an address, the source for its kind", () => {
    expect(issues(values({ Title: " ", URL: "javascript:alert(1)" }))).toEqual({ Title: "titleRequired", URL: "urlInvalid" });
    expect(issues(values({ Kind: "youtube", URL: "https://vimeo.com/1" }))).toEqual({ URL: "youtubeInvalid" });
    expect(issues(values({ URL: `https://x.example/${"a".repeat(2000)}` }))).toEqual({ URL: "urlTooLong" });
    // An upload needs no address.
    expect(issues(values({ Source: "upload", URL: "" }))).toEqual({});
  });

  const stored: Video = {
    ID: "v".repeat(24),
    EventID: "e".repeat(24),
    Title: "Keynote",
    Description: "",
    Kind: "mp4",
    URL: `/api/v1/files/${"a".repeat(64)}`,
    FileHash: "a".repeat(64),
    ExternalID: "",
    DurationSeconds: 60,
    PosterURL: `/api/v1/files/${"c".repeat(64)}`,
    Position: 2,
    IsInCinema: true,
    CreatedAt: "",
    UpdatedAt: "",
  };

  it("sends the whole new state, keeping duration and poster while they still apply", () => {
    expect(toVideoBody(videoValues(stored), stored, null)).toEqual({
      Title: "Keynote",
      Description: "",
      Kind: "mp4",
      URL: stored.URL,
      DurationSeconds: 60,
      PosterURL: stored.PosterURL,
      IsInCinema: true,
    });
    const changed = toVideoBody({ ...videoValues(stored), URL: " https://cdn.example.com/new.mp4 ", RemovePoster: true }, stored, null);
    expect(changed).toMatchObject({ URL: "https://cdn.example.com/new.mp4", DurationSeconds: null, PosterURL: "" });
    expect(toVideoBody(values({ Source: "upload", Kind: "youtube" }), null, "/api/v1/files/x")).toMatchObject({ Kind: "mp4", URL: "/api/v1/files/x" });
  });

  it("checks chosen files before sending", () => {
    const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
    expect(videoFileProblem(file("a.mp4", "video/mp4"))).toBeNull();
    expect(videoFileProblem(file("a.mp4", ""))).toBeNull();
    expect(videoFileProblem(file("a.mov", "video/quicktime"))).toBe("videoType");
    expect(videoFileProblem(file("a.mp4", "video/mp4", 0))).toBe("fileEmpty");
    expect(posterProblem(file("p.svg", "image/svg+xml"))).toBe("posterType");
    expect(posterProblem(file("p.png", "image/png"))).toBeNull();
  });
});

describe("refusals and helpers", () => {
  it("maps the server's refusals", () => {
    expect(mapVideoError(new ApiError(422, "VALIDATION_ERROR", "x", { Problems: [{ Name: "URL" }, { Name: "Title" }] })).fields).toEqual(["Title", "URL"]);
    expect(mapVideoError(new ApiError(422, "VALIDATION_ERROR", "x", { Field: "URL", ContentType: "image/png" })).fields).toEqual(["URL"]);
    expect(uploadRefusal(new ApiError(413, "HTTP_413", "Request Entity Too Large"))).toEqual({ message: "errors.fileTooLarge", maxBytes: null, detail: null });
    expect(uploadRefusal(new ApiError(422, "INVALID_FILE", "the file is truncated: 3 of 9 pictures"))).toMatchObject({ message: "errors.fileInvalid", detail: "the file is truncated: 3 of 9 pictures" });
    expect(streamingSessions(new ApiError(409, "CONFLICT", "x", { SessionIDs: ["s1", 2] }))).toEqual(["s1"]);
    expect(streamingSessions(new ApiError(404, "VIDEO_NOT_FOUND", "x"))).toBeNull();
  });

  it("moves and formats", () => {
    expect(moved(["a", "b", "c", "d"], 3, 1)).toEqual(["a", "d", "b", "c"]);
    expect(formatDuration(3723)).toBe("1:02:03");
    expect(formatDuration(65.4)).toBe("1:05");
    expect(formatDuration(null)).toBeNull();
  });
});
