import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import type { Where } from "./api";
import { usePollFocus } from "./focus";
import { POLL_NOTICE_MS, PollNotifier } from "./PollNotifier";
import { fakeServer, notice, poll } from "./testing";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

const hall: Where = { nodeID: "hall", sessionIDs: ["keynote"] };

function renderNotifier(panelOpen = false, where: Where = hall) {
  const onOpenPanel = vi.fn();
  const view = render(<PollNotifier eventID="e1" where={where} panelOpen={panelOpen} onOpenPanel={onOpenPanel} />);
  const rerender = (open: boolean) => view.rerender(<PollNotifier eventID="e1" where={where} panelOpen={open} onOpenPanel={onOpenPanel} />);
  return { onOpenPanel, rerender };
}

const region = () => screen.getByRole("status", { name: "New polls" });

beforeEach(async () => {
  await initI18n("en");
  fakeServer({ "GET /api/v1/events/e1/polls": { status: 200, body: [] } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  usePollFocus.setState({ pollID: null });
});

describe("the 'a poll has opened' notice", () => {
  it("on entering a room, tells once of each open poll there not voted in yet", async () => {
    const voted = { PollID: "p2", OptionIDs: ["a"], Other: null, UpdatedAt: "2030-01-01T00:00:00Z" };
    const { calls } = fakeServer({
      "GET /api/v1/events/e1/polls": {
        status: 200,
        body: [poll("p1", { Question: "Open, not voted" }), poll("p2", { Question: "Voted", MyBallot: voted }), poll("p3", { Question: "Closed", State: "closed" })],
      },
    });
    renderNotifier();
    expect(await within(region()).findByText("Open, not voted")).toBeInTheDocument();
    expect(region()).not.toHaveTextContent("Voted");
    expect(region()).not.toHaveTextContent("Closed");
    expect(calls[0]?.path).toBe("/api/v1/events/e1/polls?Node=hall&SessionID=keynote");
    // The frame of its opening, arriving late, does not repeat the notice.
    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p1", { Question: "Open, not voted" })));
    expect(within(region()).getAllByText("Open, not voted")).toHaveLength(1);
  });

  it("tells of a poll opening here; Vote opens the panel at that poll", async () => {
    const { onOpenPanel } = renderNotifier();
    expect(region()).toBeEmptyDOMElement();
    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p1", { Question: "Which topic first?" })));
    expect(region()).toHaveTextContent("A poll has opened");
    expect(region()).toHaveTextContent("Which topic first?");
    await userEvent.click(within(region()).getByRole("button", { name: "Vote" }));
    expect(onOpenPanel).toHaveBeenCalledTimes(1);
    expect(usePollFocus.getState().pollID).toBe("p1");
    expect(region()).toBeEmptyDOMElement();
  });

  it("also tells of a poll of the session playing here, but not of other rooms, drafts or other events", () => {
    renderNotifier();
    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p1", { PanoNodeID: "lobby" })));
    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p2", { State: "draft" })));
    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p3", { EventID: "e2" })));
    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p4", { State: "closed" })));
    expect(region()).toBeEmptyDOMElement();
    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p5", { PanoNodeID: "stage", SessionID: "keynote", Question: "Session poll?" })));
    expect(region()).toHaveTextContent("Session poll?");
  });

  it("tells once per opening: an edit updates the notice, closing takes it away, reopening tells again", async () => {
    renderNotifier();
    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p1", { Question: "First wording?" })));
    await userEvent.click(within(region()).getByRole("button", { name: "Dismiss" }));
    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p1", { Question: "Second wording?" })));
    expect(region()).toBeEmptyDOMElement();

    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p1", { State: "closed" })));
    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p1", { Question: "Reopened?" })));
    expect(region()).toHaveTextContent("Reopened?");
    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p1", { Question: "Edited while shown?" })));
    expect(region()).toHaveTextContent("Edited while shown?");
    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p1", { Deleted: true })));
    expect(region()).toBeEmptyDOMElement();
  });

  it("stays quiet while the poll panel is open, clears when it opens, and goes by itself", () => {
    vi.useFakeTimers();
    const { rerender } = renderNotifier(true);
    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p1")));
    expect(region()).toBeEmptyDOMElement();

    rerender(false);
    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p2", { Question: "Second?" })));
    expect(region()).toHaveTextContent("Second?");
    rerender(true);
    expect(region()).toBeEmptyDOMElement();

    rerender(false);
    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p3", { Question: "Third?" })));
    act(() => vi.advanceTimersByTime(POLL_NOTICE_MS - 1));
    expect(region()).toHaveTextContent("Third?");
    act(() => vi.advanceTimersByTime(1));
    expect(region()).toBeEmptyDOMElement();
  });

  it("shows at most three notices, the oldest giving way", () => {
    renderNotifier();
    for (const id of ["p1", "p2", "p3", "p4"]) act(() => fakeRealtime.deliver("POLL_NOTIFY", notice(id, { Question: `Poll ${id}?` })));
    expect(within(region()).getAllByRole("button", { name: "Vote" })).toHaveLength(3);
    expect(region()).not.toHaveTextContent("Poll p1?");
  });
});
