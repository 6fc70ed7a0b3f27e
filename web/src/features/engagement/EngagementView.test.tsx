import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { poll } from "@/features/polls/testing";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { routeServer } from "@/test/route-server";
import { EngagementView, type EngagementViewProps } from "./EngagementView";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

const BASE = "/api/v1/events/e1";
const hunt = { ID: "h1", Title: "Find the hidden stars", IsMain: true, IsOpen: true, DateBegin: null, DateEnd: null, ItemCount: 6, MyScore: 10, MyFound: 1 };
const project = (id: string, over: Record<string, unknown> = {}) => ({
  ID: id,
  EventID: "e1",
  Title: `Project ${id}`,
  Category: "Innovation",
  Description: "",
  Link: "",
  AuthorID: "p2",
  AuthorName: "Grace Hopper",
  AuthorPictureURL: "",
  State: "approved",
  Reason: "",
  Featured: false,
  SubmittedAt: "2026-11-27T10:00:00Z",
  ReviewedAt: null,
  Pictures: [{ VFileID: "v1", URL: "/api/v1/files/a", ThumbnailURL: "/api/v1/files/t" }],
  CreatedAt: "2026-11-27T10:00:00Z",
  UpdatedAt: "2026-11-27T10:00:00Z",
  ...over,
});

function renderView(over: Partial<EngagementViewProps> = {}) {
  const props: EngagementViewProps = { eventID: "e1", booth: null, onOpenLeaderboard: vi.fn(), onOpenWall: vi.fn(), ...over };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EngagementView {...props} />
    </QueryClientProvider>,
  );
  return props;
}

function serve(over: Record<string, unknown> = {}) {
  return routeServer({
    [`GET ${BASE}/polls`]: { status: 200, body: [poll("p1", { Question: "Which track next?" }), poll("p2", { Question: "Closed one?", IsActive: false, State: "closed" })] },
    [`GET ${BASE}/treasure-hunts`]: { status: 200, body: [hunt] },
    [`GET ${BASE}/treasure-hunts/h1/me`]: { status: 200, body: { HuntID: "h1", Score: 30, Found: 2, Rank: 4, Hidden: false, ItemCount: 6, FoundItemIDs: ["i1", "i2"] } },
    [`GET ${BASE}/walloffame/projects`]: { status: 200, body: { Projects: [project("w1", { Featured: true, Title: "Solar stage" }), project("w2")], Counts: null } },
    ...(over as Record<string, { status: number; body?: unknown }>),
  });
}

beforeEach(async () => {
  await initI18n("en");
  fakeRealtime.reset();
});
afterEach(() => vi.unstubAllGlobals());

describe("the engagement island", () => {
  it("gathers the open polls, the hunt standing, the featured projects and the booth", async () => {
    const { calls } = serve();
    const open = vi.fn();
    const props = renderView({ booth: { open, galleryURL: "https://booth.example.com/gala/display?disable-cookie=1" } });

    const polls = await screen.findByRole("region", { name: "Vote now" });
    expect(await within(polls).findByRole("article", { name: "Which track next?" })).toBeInTheDocument();
    expect(within(polls).queryByRole("article", { name: "Closed one?" })).toBeNull();
    // Every poll of the event: no room, no session in the query.
    expect(calls.find((c) => c.path.startsWith(`${BASE}/polls`))?.path).toBe(`${BASE}/polls`);

    const hunt = await screen.findByRole("region", { name: "Treasure hunt" });
    expect(await within(hunt).findByText("You are #4")).toBeInTheDocument();
    expect(within(hunt).getByText("You found 2 of 6 · 30 points")).toBeInTheDocument();
    await userEvent.click(within(hunt).getByRole("button", { name: "Open the leaderboard" }));
    expect(props.onOpenLeaderboard).toHaveBeenCalled();

    const featured = await screen.findByRole("region", { name: "Featured projects" });
    expect(within(featured).getByRole("heading", { name: "Solar stage" })).toBeInTheDocument();
    expect(within(featured).queryByRole("heading", { name: "Project w2" })).toBeNull();
    await userEvent.click(within(featured).getByRole("button", { name: "See the Wall of Fame" }));
    expect(props.onOpenWall).toHaveBeenCalled();

    const booth = screen.getByRole("region", { name: "Photobooth" });
    await userEvent.click(within(booth).getByRole("button", { name: "Take a photo" }));
    expect(open).toHaveBeenCalled();
    const gallery = within(booth).getByRole("link", { name: "Photo gallery" });
    expect(gallery).toHaveAttribute("href", "https://booth.example.com/gala/display?disable-cookie=1");
    expect(gallery).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("leaves out what the event does not have, and says when no poll is open", async () => {
    serve({
      [`GET ${BASE}/polls`]: { status: 200, body: [] },
      [`GET ${BASE}/treasure-hunts`]: { status: 200, body: [] },
      [`GET ${BASE}/walloffame/projects`]: { status: 200, body: { Projects: [project("w2")], Counts: null } },
    });
    renderView();
    expect(await screen.findByText("No poll is open right now.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Treasure hunt" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Featured projects" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Photobooth" })).toBeNull();
  });

  it("offers to try the polls again when they could not be loaded", async () => {
    serve({ [`GET ${BASE}/polls`]: { status: 500, body: { Error: { Code: "INTERNAL_ERROR", Message: "x" } } } });
    renderView();
    const polls = await screen.findByRole("region", { name: "Vote now" });
    expect(await within(polls).findByRole("alert")).toHaveTextContent("This part could not be loaded.");
    expect(within(polls).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
