import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "@/lib/i18n";
import { LOAD_TIMEOUT_MS, mediaErrorReason, VideoPlayer, type PlayerVideo } from "./VideoPlayer";

// A stand-in for hls.js: records what the player asks of it and lets a test raise its errors.
const fakeHls = vi.hoisted(() => {
  type Listener = (event: string, data: { fatal: boolean; type: string }) => void;
  class FakeHls {
    static supported = true;
    static instances: FakeHls[] = [];
    static isSupported = () => FakeHls.supported;
    static Events = { ERROR: "hlsError" };
    static ErrorTypes = { NETWORK_ERROR: "networkError", MEDIA_ERROR: "mediaError" };
    source = "";
    media: HTMLMediaElement | null = null;
    destroyed = false;
    recovered = 0;
    listeners: Listener[] = [];
    constructor() {
      FakeHls.instances.push(this);
    }
    on(_event: string, listener: Listener) {
      this.listeners.push(listener);
    }
    loadSource(url: string) {
      this.source = url;
    }
    attachMedia(media: HTMLMediaElement) {
      this.media = media;
    }
    recoverMediaError() {
      this.recovered += 1;
    }
    destroy() {
      this.destroyed = true;
    }
    raise(type: string, fatal: boolean) {
      for (const listener of this.listeners) listener("hlsError", { type, fatal });
    }
  }
  return { FakeHls, imported: { count: 0 } };
});
vi.mock("hls.js", () => {
  fakeHls.imported.count += 1;
  return { default: fakeHls.FakeHls };
});

const mp4: PlayerVideo = {
  ID: "v1",
  Title: "Demo stream",
  Kind: "mp4",
  URL: "/api/v1/files/mp4hash",
  PosterURL: "/api/v1/files/posterhash",
  DurationSeconds: 60,
};
const hls: PlayerVideo = { ...mp4, ID: "v2", Title: "Demo stream (HLS)", Kind: "hls", URL: "/api/v1/files/playlisthash" };
const youtube: PlayerVideo = { ...mp4, ID: "v3", Title: "Big Buck Bunny", Kind: "youtube", URL: "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ", PosterURL: "" };
const vimeo: PlayerVideo = { ...mp4, ID: "v4", Title: "Vimeo film", Kind: "vimeo", URL: "https://player.vimeo.com/video/76979871", PosterURL: "" };

const videoElement = (container: HTMLElement) => {
  const element = container.querySelector("video");
  if (!element) throw new Error("no video element");
  return element;
};

let canPlayHls = "";

beforeEach(async () => {
  await initI18n("en");
  fakeHls.FakeHls.instances = [];
  fakeHls.FakeHls.supported = true;
  canPlayHls = "";
  vi.spyOn(HTMLMediaElement.prototype, "canPlayType").mockImplementation((type: string) =>
    type === "application/vnd.apple.mpegurl" ? (canPlayHls as CanPlayTypeResult) : "",
  );
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the player a video's Kind gets", () => {
  it("mp4: a <video> of the URL, with the poster, loading until the first frame", () => {
    const { container } = render(<VideoPlayer video={mp4} />);
    const element = videoElement(container);
    expect(element.getAttribute("src")).toBe("/api/v1/files/mp4hash");
    expect(element.getAttribute("poster")).toBe("/api/v1/files/posterhash");
    expect(screen.getByRole("status")).toHaveTextContent("Loading the video…");
    fireEvent.loadedData(element);
    expect(screen.queryByRole("status")).toBeNull();
    expect(element.controls).toBe(true);
    expect(container.querySelector("iframe")).toBeNull();
  });

  it("hls where the browser plays it (Safari, iOS): natively, without hls.js", () => {
    canPlayHls = "maybe";
    const { container } = render(<VideoPlayer video={hls} />);
    expect(videoElement(container).getAttribute("src")).toBe("/api/v1/files/playlisthash");
    expect(fakeHls.FakeHls.instances).toHaveLength(0);
  });

  it("hls elsewhere: hls.js, loaded on demand, given the URL and the element", async () => {
    const { container, unmount } = render(<VideoPlayer video={hls} />);
    await vi.waitFor(() => expect(fakeHls.FakeHls.instances).toHaveLength(1));
    const instance = fakeHls.FakeHls.instances[0];
    expect(instance?.source).toBe("/api/v1/files/playlisthash");
    expect(instance?.media).toBe(videoElement(container));
    expect(videoElement(container).hasAttribute("src")).toBe(false);
    unmount();
    expect(instance?.destroyed).toBe(true);
  });

  it("youtube: a frame of the answered embed URL once its host answers", async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 200 })));
    vi.stubGlobal("fetch", fetch);
    render(<VideoPlayer video={youtube} autoPlay />);
    const frame = await screen.findByTitle("Big Buck Bunny");
    expect(frame.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&playsinline=1");
    expect(fetch).toHaveBeenCalledWith("https://www.youtube-nocookie.com/", expect.objectContaining({ mode: "no-cors" }));
  });

  it("youtube and vimeo live: the frame starts at the live position", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response(null, { status: 200 }))));
    const live = { offset: 30, at: 1000, loop: true };
    const { unmount } = render(<VideoPlayer video={youtube} live={live} now={() => 6000} />);
    const frame = await screen.findByTitle("Big Buck Bunny");
    expect(new URL(frame.getAttribute("src") ?? "").searchParams.get("start")).toBe("35");
    unmount();
    render(<VideoPlayer video={vimeo} live={live} now={() => 6000} />);
    expect((await screen.findByTitle("Vimeo film")).getAttribute("src")).toMatch(/#t=35s$/);
  });

  it("an embed whose host cannot be reached shows the error state, never the frame", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    const { container } = render(<VideoPlayer video={vimeo} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("This video cannot be played");
    expect(container.querySelector("iframe")).toBeNull();
  });

  it("an address no player may load is an error at once", () => {
    render(<VideoPlayer video={{ ...mp4, URL: "javascript:alert(1)" }} />);
    expect(screen.getByRole("alert")).toHaveTextContent("This video has no address that can be played.");
  });
});

describe("the error state", () => {
  it("a media error event shows a translated alert with Try again, which loads again", async () => {
    const { container } = render(<VideoPlayer video={mp4} />);
    const element = videoElement(container);
    Object.defineProperty(element, "error", { configurable: true, value: { code: 4 } });
    fireEvent.error(element);
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("This video cannot be played");
    expect(alert).toHaveTextContent("The video could not be loaded.");

    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("Loading the video…");
    expect(element.getAttribute("src")).toBe("/api/v1/files/mp4hash");
  });

  it("in German too", async () => {
    await initI18n("de");
    const { container } = render(<VideoPlayer video={mp4} />);
    const element = videoElement(container);
    Object.defineProperty(element, "error", { configurable: true, value: { code: 3 } });
    fireEvent.error(element);
    expect(screen.getByRole("alert")).toHaveTextContent("Dieses Video kann nicht abgespielt werden");
  });

  it("a fatal hls.js error; a media error is recovered once first, a non-fatal one ignored", async () => {
    render(<VideoPlayer video={hls} />);
    await vi.waitFor(() => expect(fakeHls.FakeHls.instances).toHaveLength(1));
    const instance = fakeHls.FakeHls.instances[0];
    act(() => instance?.raise("networkError", false));
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => instance?.raise("mediaError", true));
    expect(instance?.recovered).toBe(1);
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => instance?.raise("networkError", true));
    expect(screen.getByRole("alert")).toHaveTextContent("The video could not be loaded.");
  });

  it("a browser without Media Source Extensions", async () => {
    fakeHls.FakeHls.supported = false;
    render(<VideoPlayer video={hls} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("This browser cannot play this kind of video.");
  });

  it("a video that never shows its first frame times out", () => {
    vi.useFakeTimers();
    render(<VideoPlayer video={mp4} />);
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => vi.advanceTimersByTime(LOAD_TIMEOUT_MS));
    expect(screen.getByRole("alert")).toHaveTextContent("The video is taking too long to load.");
  });

  it("reads MediaError codes: an aborted load is no error, offline is the network", () => {
    expect(mediaErrorReason({ code: 1 } as MediaError)).toBeNull();
    expect(mediaErrorReason({ code: 2 } as MediaError)).toBe("network");
    expect(mediaErrorReason({ code: 3 } as MediaError)).toBe("media");
    expect(mediaErrorReason({ code: 4 } as MediaError)).toBe("load");
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    expect(mediaErrorReason({ code: 4 } as MediaError)).toBe("network");
  });
});

describe("simulated live", () => {
  it("joins at offset + elapsed, muted, without seek controls, with an unmute button", async () => {
    const play = vi.mocked(HTMLMediaElement.prototype.play);
    const { container } = render(<VideoPlayer video={mp4} live={{ offset: 50, at: 1000, loop: true }} now={() => 16_000} />);
    const element = videoElement(container);
    expect(element.muted).toBe(true);
    fireEvent.loadedMetadata(element);
    expect(element.currentTime).toBe(5); // (50 + 15) mod 60
    // Started from the metadata: iOS loads no frame before play().
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.loadedData(element);
    expect(play).toHaveBeenCalledTimes(1);
    expect(element.controls).toBe(false);

    await userEvent.click(screen.getByRole("button", { name: "Turn the sound on" }));
    expect(element.muted).toBe(false);
    expect(screen.getByRole("button", { name: "Turn the sound off" })).toBeInTheDocument();
  });

  it("starts again from 0 at the end when it loops; shows the end when it does not", () => {
    const { container, unmount } = render(<VideoPlayer video={mp4} live={{ offset: 10, at: 0, loop: true }} now={() => 0} />);
    const element = videoElement(container);
    fireEvent.loadedMetadata(element);
    fireEvent.loadedData(element);
    element.currentTime = 59.9;
    fireEvent.ended(element);
    expect(element.currentTime).toBe(0);
    unmount();

    const once = render(<VideoPlayer video={mp4} live={{ offset: 10, at: 0, loop: false }} now={() => 0} />);
    const other = videoElement(once.container);
    fireEvent.loadedMetadata(other);
    fireEvent.loadedData(other);
    fireEvent.ended(other);
    expect(screen.getByRole("status")).toHaveTextContent("This stream has ended.");
  });

  it("a stream that does not loop and is already past the video's end shows the end, and never plays", () => {
    const play = vi.mocked(HTMLMediaElement.prototype.play);
    const { container } = render(<VideoPlayer video={mp4} live={{ offset: 75, at: 0, loop: false }} now={() => 0} />);
    const element = videoElement(container);
    fireEvent.loadedMetadata(element);
    fireEvent.loadedData(element);
    expect(screen.getByRole("status")).toHaveTextContent("This stream has ended.");
    expect(play).not.toHaveBeenCalled();
  });

  it("moves to the new position when a resync brings a new clock", () => {
    const { container, rerender } = render(<VideoPlayer video={mp4} live={{ offset: 10, at: 0, loop: true }} now={() => 0} />);
    const element = videoElement(container);
    fireEvent.loadedMetadata(element);
    fireEvent.loadedData(element);
    Object.defineProperty(element, "readyState", { configurable: true, value: 4 });
    rerender(<VideoPlayer video={mp4} live={{ offset: 42, at: 0, loop: true }} now={() => 0} />);
    expect(element.currentTime).toBe(42);
  });

  it("offers Play when the browser refuses even muted autoplay", async () => {
    vi.mocked(HTMLMediaElement.prototype.play).mockRejectedValue(new DOMException("no", "NotAllowedError"));
    const { container } = render(<VideoPlayer video={mp4} live={{ offset: 0, at: 0, loop: true }} now={() => 0} />);
    const element = videoElement(container);
    fireEvent.loadedMetadata(element);
    fireEvent.loadedData(element);
    expect(await screen.findByRole("button", { name: "Play" })).toBeInTheDocument();
  });
});
