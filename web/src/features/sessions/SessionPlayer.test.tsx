import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { usePersonStore } from "@/features/accounts";
import { initI18n } from "@/lib/i18n";
import type { Session } from "./selection";
import { embedReachable, embedTarget, SessionPlayer } from "./SessionPlayer";

const keynote: Session = {
  ID: "s1",
  InternalName: "keynote",
  Title: "Opening keynote",
  ScreenID: "screen",
  IsVirtual: true,
  DateBegin: "2026-01-01T09:00:00Z",
  DateEnd: "2026-01-01T11:00:00Z",
  NoAvtoPlay: false,
  StreamID: "",
  ConferenceType: "Youtube",
  ConferenceID: "aqz-KE-bpKQ",
};

const unreachable = (): Promise<Response> => Promise.reject(new TypeError("Failed to fetch"));
const answers = () => Promise.resolve(new Response(null, { status: 200 }));

describe("the player when the stream's host cannot be reached", () => {
  beforeEach(async () => {
    await initI18n("en");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows a translated 'stream unavailable' state with a retry instead of the broken frame", async () => {
    const fetch = vi.fn(unreachable);
    vi.stubGlobal("fetch", fetch);
    const { container } = render(<SessionPlayer eventID="e1" session={keynote} />);

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Stream unavailable");
    expect(alert).toHaveTextContent("Check the internet connection and try again.");
    expect(container.querySelector("iframe")).toBeNull();
    expect(fetch).toHaveBeenCalledWith("https://www.youtube-nocookie.com/", expect.objectContaining({ mode: "no-cors" }));

    // The host answers again: Try again shows the stream.
    fetch.mockImplementation(answers);
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    const frame = await screen.findByTitle("Opening keynote");
    expect(frame.getAttribute("src")).toContain("youtube-nocookie.com/embed/aqz-KE-bpKQ");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the frame once the host answers, and a status while it asks", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetch);
    const { container } = render(<SessionPlayer eventID="e1" session={keynote} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.getByRole("status")).toHaveTextContent("Connecting to the stream");
    expect(container.querySelector("iframe")).toBeNull();
    answer(new Response(null, { status: 200 }));
    expect(await screen.findByTitle("Opening keynote")).toBeInTheDocument();
  });

  it("a Youtube session read before its start waits for its ConferenceID instead of failing", async () => {
    const fetch = vi.fn(answers);
    vi.stubGlobal("fetch", fetch);
    const bare: Session = { ...keynote };
    delete bare.ConferenceID;
    const { rerender } = render(<SessionPlayer eventID="e1" session={bare} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    rerender(<SessionPlayer eventID="e1" session={keynote} />); // the store merged the fetched session
    expect(await screen.findByTitle("Opening keynote")).toBeInTheDocument();
  });

  it("offline: unavailable without asking the network, and again when the browser goes offline", async () => {
    const fetch = vi.fn(answers);
    vi.stubGlobal("fetch", fetch);
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    render(<SessionPlayer eventID="e1" session={keynote} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Stream unavailable");
    expect(fetch).not.toHaveBeenCalled();

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event("online"));
    expect(await screen.findByTitle("Opening keynote")).toBeInTheDocument();
    window.dispatchEvent(new Event("offline"));
    expect(await screen.findByRole("alert")).toHaveTextContent("Stream unavailable");
  });
});

describe("the player's times", () => {
  beforeEach(async () => {
    await initI18n("de");
    vi.stubGlobal("fetch", vi.fn(answers));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    usePersonStore.setState({ person: null });
  });

  it("shows the session's begin and end in the attendee's chosen zone", () => {
    usePersonStore.setState({ person: { ID: "p", FirstName: "Ada", LastName: "L", TimezoneName: "GMT+2", TimezoneShift: 2 } });
    render(<SessionPlayer eventID="e1" session={keynote} />);
    expect(screen.getByText("11:00 – 13:00")).toBeInTheDocument();
  });
});

describe("what the venue puts around the stream", () => {
  beforeEach(async () => {
    await initI18n("en");
    vi.stubGlobal("fetch", vi.fn(answers));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows a panel beside it, a layer over the picture and a strip under it", async () => {
    const { container } = render(
      <SessionPlayer eventID="e1" session={keynote} extras={{ aside: <p>beside</p>, overlay: <p>over</p>, footer: <p>under</p> }} />,
    );
    const player = screen.getByRole("region", { name: /Opening keynote/ });
    expect(player).toHaveClass("player--with-aside");
    expect(container.querySelector(".player__frame")).toContainElement(screen.getByText("over"));
    expect(container.querySelector(".player__footer")).toContainElement(screen.getByText("under"));
    expect(container.querySelector(".player__aside")).toContainElement(screen.getByText("beside"));
    expect(await screen.findByTitle("Opening keynote")).toBeInTheDocument();
  });

  it("without them is the plain player", () => {
    const { container } = render(<SessionPlayer eventID="e1" session={keynote} />);
    expect(container.querySelector(".player")).not.toHaveClass("player--with-aside");
    expect(container.querySelector(".player__aside, .player__footer")).toBeNull();
  });
});

describe("a Video session: a cinema video as simulated live", () => {
  const streamed: Session = { ...keynote, ID: "s2", Title: "Demo keynote", ConferenceType: "Video", ConferenceID: "vid1" };
  const live = {
    SessionID: "s2",
    Video: {
      ID: "vid1",
      EventID: "e1",
      Title: "Demo stream",
      Description: "",
      Kind: "mp4",
      URL: "/api/v1/files/mp4hash",
      FileHash: "mp4hash",
      ExternalID: "",
      DurationSeconds: 60,
      PosterURL: "/api/v1/files/posterhash",
      Position: 0,
      IsInCinema: true,
      CreatedAt: "2026-01-01T08:00:00Z",
      UpdatedAt: "2026-01-01T08:00:00Z",
    },
    StartedAt: "2026-01-01T09:00:00Z",
    EndsAt: "2026-01-01T11:00:00Z",
    ServerTime: "2026-01-01T09:30:30Z",
    Offset: 30,
    Loop: true,
  };
  const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

  beforeEach(async () => {
    await initI18n("en");
    vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("asks the stream call and joins the video at the live position, muted", async () => {
    const fetch = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(() => json(200, live));
    vi.stubGlobal("fetch", fetch);
    render(<SessionPlayer eventID="e1" session={streamed} />);
    const player = await screen.findByRole("region", { name: "Video: Demo stream" });
    expect(fetch).toHaveBeenCalledWith("/api/v1/events/e1/stream/video/s2", expect.objectContaining({ method: "GET" }));
    // The source is set once the player has chosen how to play it (an effect after the first paint).
    const video = await waitFor(() => {
      const element = player.querySelector("video");
      expect(element?.getAttribute("src")).toBe("/api/v1/files/mp4hash");
      return element as HTMLVideoElement;
    });
    expect(video.muted).toBe(true);
    fireEvent.loadedMetadata(video);
    // Offset 30 plus the few milliseconds since the answer arrived.
    expect(video.currentTime).toBeGreaterThanOrEqual(30);
    expect(video.currentTime).toBeLessThan(31);
    expect(video.controls).toBe(false);
  });

  it("a session that is no longer active (410): the media_expired notice, not a player", async () => {
    vi.stubGlobal("fetch", vi.fn(() => json(410, { Error: { Code: "MEDIA_EXPIRED", Message: "expired" } })));
    const { container } = render(<SessionPlayer eventID="e1" session={streamed} />);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Please Reload");
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
    expect(container.querySelector("video")).toBeNull();
  });

  it("another failure of the stream call says the stream could not be started", async () => {
    vi.stubGlobal("fetch", vi.fn(() => json(409, { Error: { Code: "CONFERENCE_TYPE_MISMATCH", Message: "no" } })));
    render(<SessionPlayer eventID="e1" session={streamed} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("The stream could not be started.");
  });

  it("read before it began, it waits for its ConferenceID before asking", async () => {
    const fetch = vi.fn(() => json(200, live));
    vi.stubGlobal("fetch", fetch);
    const bare: Session = { ...streamed };
    delete bare.ConferenceID;
    const { rerender } = render(<SessionPlayer eventID="e1" session={bare} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
    expect(fetch).not.toHaveBeenCalled();
    rerender(<SessionPlayer eventID="e1" session={streamed} />);
    expect(await screen.findByRole("region", { name: "Video: Demo stream" })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("reads the stream call again when the tab comes back, to resynchronise", async () => {
    const fetch = vi.fn(() => json(200, live));
    vi.stubGlobal("fetch", fetch);
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("visible");
    render(<SessionPlayer eventID="e1" session={streamed} />);
    await screen.findByRole("region", { name: "Video: Demo stream" });
    visibility.mockReturnValue("hidden");
    document.dispatchEvent(new Event("visibilitychange"));
    expect(fetch).toHaveBeenCalledTimes(1);
    visibility.mockReturnValue("visible");
    document.dispatchEvent(new Event("visibilitychange"));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });
});

describe("embed probe", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("a host that does not answer in time counts as unreachable", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn((_url: string, init?: RequestInit) => new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(new Error("aborted"))))),
    );
    expect(await embedReachable("https://stream.example.org/embed/1", new AbortController().signal, 20)).toBe(false);
  });

  it("a blob page is read for the frame it holds", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response('<html><body><iframe src="https://zoom.example.org/wc/join/1"></iframe></body></html>'))));
    expect(await embedTarget("blob:http://localhost/abc")).toBe("https://zoom.example.org/wc/join/1");
    expect(await embedTarget("https://player.example.org/video/1")).toBe("https://player.example.org/video/1");
    expect(await embedTarget("javascript:alert(1)")).toBeNull();
  });
});
