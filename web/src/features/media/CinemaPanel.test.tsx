import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "@/lib/i18n";
import { CinemaPanel } from "./CinemaPanel";
import { fakeFetch, video } from "./testing";

const CINEMA = "/api/v1/events/e1/cinema";

function renderPanel(panel: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{panel}</QueryClientProvider>);
}

beforeEach(async () => {
  await initI18n("en");
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the cinema", () => {
  it("lists the videos in the server's order with poster, title and duration; choosing one plays it", async () => {
    const { calls } = fakeFetch({
      [CINEMA]: {
        status: 200,
        body: [video("a", { Title: "Demo stream", DurationSeconds: 60 }), video("b", { Title: "Demo stream (HLS)", Kind: "hls", DurationSeconds: 3723 }), video("c", { Title: "Big Buck Bunny", Kind: "youtube", URL: "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ", DurationSeconds: null, PosterURL: "" })],
      },
    });
    const { container } = renderPanel(<CinemaPanel eventID="e1" />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading the cinema…");

    const list = await screen.findByRole("list", { name: "Videos" });
    const items = within(list).getAllByRole("button");
    // Each card is named by the title it shows (WCAG 2.5.3); the duration is its description.
    expect(items.map((item) => item.textContent)).toEqual([expect.stringMatching(/^Demo stream/), expect.stringMatching(/^Demo stream \(HLS\)/), expect.stringMatching(/^Big Buck Bunny/)]);
    expect(screen.getByRole("button", { name: "Demo stream" })).toHaveAccessibleDescription(/Duration/);
    expect(items[0]).toHaveAccessibleDescription("Duration: 1:00");
    expect(items[1]).toHaveTextContent("1:02:03");
    expect(items[0]?.querySelector("img")?.getAttribute("src")).toBe("/api/v1/files/poster-a");
    expect(items[2]?.querySelector("img")).toBeNull(); // no poster: a plain frame
    expect(calls).toEqual(["/api/v1/events/e1/cinema"]);
    expect(container.querySelector("video")).toBeNull();

    await userEvent.click(items[0] as HTMLElement);
    const player = screen.getByRole("region", { name: "Video: Demo stream" });
    expect(player.querySelector("video")?.getAttribute("src")).toBe("/api/v1/files/a");
    expect(items[0]).toHaveAttribute("aria-current", "true");

    await userEvent.click(screen.getByRole("button", { name: "Close the video" }));
    expect(screen.queryByRole("region", { name: "Video: Demo stream" })).toBeNull();
  });

  it("says when there are no videos", async () => {
    fakeFetch({ [CINEMA]: { status: 200, body: [] } });
    renderPanel(<CinemaPanel eventID="e1" />);
    expect(await screen.findByText("There are no videos in the cinema yet.")).toBeInTheDocument();
  });

  it("says when the cinema cannot be read, and reads it again on Try again", async () => {
    const { fetch } = fakeFetch({ [CINEMA]: "offline" });
    renderPanel(<CinemaPanel eventID="e1" />);
    expect(await screen.findByRole("alert")).toHaveTextContent("The cinema could not be loaded.");
    fetch.mockImplementation(() => Promise.resolve(new Response(JSON.stringify([video("a", { Title: "Demo stream" })]), { status: 200 })));
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("button", { name: "Demo stream" })).toBeInTheDocument();
  });

  it("lets the frame own the slide: 0 the list alone, n the n-th video", async () => {
    fakeFetch({ [CINEMA]: { status: 200, body: [video("a", { Title: "First" }), video("b", { Title: "Second" })] } });
    const onSlideChange = vi.fn();
    renderPanel(<CinemaPanel eventID="e1" slide={2} onSlideChange={onSlideChange} />);
    expect(await screen.findByRole("region", { name: "Video: Second" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "First" }));
    expect(onSlideChange).toHaveBeenCalledWith(1);
  });

  it("in Italian", async () => {
    await initI18n("it");
    fakeFetch({ [CINEMA]: { status: 200, body: [] } });
    renderPanel(<CinemaPanel eventID="e1" />);
    expect(await screen.findByText("Nel cinema non ci sono ancora video.")).toBeInTheDocument();
  });
});
