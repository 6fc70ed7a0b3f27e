import { describe, expect, it } from "vitest";
import type { Replay, Video } from "./api";
import { choosePlayer, clockPosition, embedURL, formatDuration, groupByDay, livePosition, localDateLabel, MAX_TIMER_MS, playableURL, untilNextEnd } from "./live";

describe("the simulated-live position", () => {
  it("is the offset plus the time since the answer arrived", () => {
    expect(livePosition(12.5, 3, 60, true)).toBe(15.5);
    expect(clockPosition({ offset: 12.5, at: 1000, loop: true }, 4000, 60)).toBe(15.5);
  });

  it("wraps at the video's end when the stream loops", () => {
    expect(livePosition(58, 5, 60, true)).toBe(3);
    expect(livePosition(1830, 0, 60, true)).toBe(30);
    expect(livePosition(0, 120, 60, true)).toBe(0);
  });

  it("runs on past the end without a duration (nothing to wrap at), or without looping", () => {
    expect(livePosition(1830, 10, null, false)).toBe(1840);
    expect(livePosition(1830, 10, null, true)).toBe(1840);
    expect(livePosition(1830, 10, 0, true)).toBe(1840);
    expect(livePosition(55, 10, 60, false)).toBe(65);
  });

  it("never goes backwards on a clock read before the answer", () => {
    expect(livePosition(10, -2, 60, true)).toBe(10);
    expect(clockPosition({ offset: 10, at: 5000, loop: false }, 4000, null)).toBe(10);
  });
});

const probe = (answer: string) => ({ canPlayType: (type: string) => (type === "application/vnd.apple.mpegurl" ? answer : "") });

describe("the player a video gets", () => {
  it("plays MP4 natively", () => {
    expect(choosePlayer({ Kind: "mp4", URL: "/api/v1/files/abc" }, probe(""))).toEqual({ kind: "native", src: "/api/v1/files/abc" });
  });

  it("plays HLS natively where the browser can (Safari, iOS), else through hls.js", () => {
    const hls: Pick<Video, "Kind" | "URL"> = { Kind: "hls", URL: "/api/v1/files/playlist" };
    expect(choosePlayer(hls, probe("maybe"))).toEqual({ kind: "native", src: "/api/v1/files/playlist" });
    expect(choosePlayer(hls, probe(""))).toEqual({ kind: "hls.js", src: "/api/v1/files/playlist" });
  });

  it("embeds YouTube and Vimeo from their own hosts only", () => {
    expect(choosePlayer({ Kind: "youtube", URL: "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ" }, probe(""))).toEqual({
      kind: "iframe",
      src: "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ",
    });
    expect(choosePlayer({ Kind: "vimeo", URL: "https://player.vimeo.com/video/76979871" }, probe("")).kind).toBe("iframe");
    expect(choosePlayer({ Kind: "youtube", URL: "https://evil.example.org/embed/x" }, probe("")).kind).toBe("invalid");
    expect(choosePlayer({ Kind: "vimeo", URL: "http://player.vimeo.com/video/1" }, probe("")).kind).toBe("invalid");
  });

  it("refuses addresses a video element must not load", () => {
    for (const url of ["javascript:alert(1)", "data:video/mp4;base64,AAAA", "//evil.example.org/x.mp4", "files/abc"]) {
      expect(playableURL(url), url).toBe(false);
      expect(choosePlayer({ Kind: "mp4", URL: url }, probe("")).kind, url).toBe("invalid");
    }
    expect(playableURL("https://cdn.example.org/v.m3u8")).toBe(true);
  });
});

describe("embed URLs", () => {
  const youtube = "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ";
  const vimeo = "https://player.vimeo.com/video/76979871";

  it("start a YouTube video with ?start= (whole seconds), live muted without controls, looping over itself", () => {
    const url = new URL(embedURL("youtube", youtube, { start: 1830.7, live: { loop: true } }));
    expect(url.origin + url.pathname).toBe(youtube);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      start: "1830",
      autoplay: "1",
      mute: "1",
      controls: "0",
      enablejsapi: "1",
      loop: "1",
      playlist: "aqz-KE-bpKQ",
    });
  });

  it("start a Vimeo video with #t=<s>s", () => {
    expect(embedURL("vimeo", vimeo, { start: 95.2, live: { loop: false } })).toBe(`${vimeo}?autoplay=1&muted=1#t=95s`);
    expect(embedURL("vimeo", vimeo, { autoplay: true })).toBe(`${vimeo}?autoplay=1`);
  });

  it("leave the start out at 0 and keep the controls when not live", () => {
    const url = new URL(embedURL("youtube", youtube, { start: 0, autoplay: true }));
    expect(url.searchParams.has("start")).toBe(false);
    expect(url.searchParams.has("controls")).toBe(false);
    expect(url.searchParams.get("autoplay")).toBe("1");
  });
});

describe("how the lists are written", () => {
  it("durations as m:ss or h:mm:ss", () => {
    expect(formatDuration(60)).toBe("1:00");
    expect(formatDuration(4.4)).toBe("0:04");
    expect(formatDuration(3723)).toBe("1:02:03");
    expect(formatDuration(null)).toBe("");
  });

  it("a replay's local date as DD.MM.YYYY, without moving it through the browser's zone", () => {
    expect(localDateLabel("2026-03-29")).toBe("29.03.2026");
    expect(localDateLabel("2026-01-01")).toBe("01.01.2026");
  });

  it("groups replays by day, days ascending, each day in the server's order", () => {
    const replay = (id: string, day: number, date: string) => ({ SessionID: id, DayNumber: day, Date: date }) as Replay;
    const days = groupByDay([replay("b", 2, "2026-03-29"), replay("a", 1, "2026-03-28"), replay("c", 2, "2026-03-29")]);
    expect(days.map((d) => [d.dayNumber, d.date, d.replays.map((r) => r.SessionID)])).toEqual([
      [1, "2026-03-28", ["a"]],
      [2, "2026-03-29", ["b", "c"]],
    ]);
  });

  it("waits for the next session end still ahead", () => {
    const now = Date.parse("2026-03-29T10:00:00Z");
    expect(untilNextEnd(["2026-03-29T09:00:00Z", "2026-03-29T10:30:00Z", "2026-03-29T10:05:00Z", "bad"], now)).toBe(5 * 60_000);
    expect(untilNextEnd(["2026-03-29T09:00:00Z"], now)).toBeNull();
    expect(untilNextEnd(["2027-03-29T09:00:00Z"], now)).toBe(MAX_TIMER_MS);
  });
});
