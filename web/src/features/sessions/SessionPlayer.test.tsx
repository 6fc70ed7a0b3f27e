import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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
