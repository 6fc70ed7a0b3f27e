import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { COMMAND_TIMEOUT_MS } from "@/lib/realtime/command";
import { fakeRealtime } from "@/lib/realtime/testing";
import type { Where } from "./api";
import { usePollFocus } from "./focus";
import { PollPanel } from "./PollPanel";
import { fakeServer, notice, poll, refused, tally } from "./testing";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

const LIST = "GET /api/v1/events/e1/polls";
const BALLOT = "PUT /api/v1/events/e1/polls/p1/ballot";
const hall: Where = { nodeID: "hall", sessionIDs: ["keynote"] };

function renderPanel(where: Where = hall) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PollPanel eventID="e1" where={where} />
    </QueryClientProvider>,
  );
}

const card = (question: string) => screen.getByRole("article", { name: question });

beforeEach(async () => {
  await initI18n("en");
  fakeRealtime.reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  usePollFocus.setState({ pollID: null });
});

describe("the poll panel", () => {
  it("says it is loading, then asks for the polls of the room and its session", async () => {
    const { calls } = fakeServer({ [LIST]: { status: 200, body: [] } });
    renderPanel();
    expect(screen.getByRole("status")).toHaveTextContent("Loading the polls…");
    expect(await screen.findByText(/There is no poll here right now/)).toBeInTheDocument();
    expect(calls[0]?.path).toBe("/api/v1/events/e1/polls?Node=hall&SessionID=keynote");
  });

  it("says when the polls cannot be read, and reads them again on Try again", async () => {
    const server = fakeServer({ [LIST]: "offline" });
    renderPanel({ nodeID: null, sessionIDs: [] });
    expect(await screen.findByRole("alert")).toHaveTextContent("The polls could not be loaded.");
    expect(server.calls[0]?.path).toBe("/api/v1/events/e1/polls");
    server.routes[LIST] = { status: 200, body: [poll("p1", { Question: "Which topic first?" })] };
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: "Which topic first?" })).toBeInTheDocument();
  });

  it("votes in a single-choice poll over REST while the socket is closed and shows the vote, with Change my vote", async () => {
    fakeRealtime.setState("closed");
    const { calls } = fakeServer({
      [LIST]: { status: 200, body: [poll("p1", { Question: "Which topic first?" })] },
      [BALLOT]: (_url, body) => ({ status: 200, body: { PollID: "p1", ...(body as object), UpdatedAt: "2026-05-09T12:00:00Z" } }),
    });
    renderPanel();
    const article = await screen.findByRole("article", { name: "Which topic first?" });
    const group = within(article).getByRole("group", { name: "Which topic first?" });
    expect(group).toHaveAccessibleDescription("Choose one answer.");
    // Nothing chosen: said at once, nothing sent.
    await userEvent.click(within(article).getByRole("button", { name: "Vote" }));
    expect(within(article).getByRole("alert")).toHaveTextContent("Choose an answer first.");
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);

    await userEvent.click(within(group).getByRole("radio", { name: "Networking" }));
    await userEvent.click(within(article).getByRole("button", { name: "Vote" }));
    expect(await within(article).findByText(/Your vote: Networking/)).toHaveFocus();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ OptionIDs: ["b"], Other: null });
    // Not queued for the socket's return either: that would be a second ballot nobody waits for.
    expect(fakeRealtime.sent).toEqual([]);
    expect(within(article).queryByRole("radio")).toBeNull();

    // Changing starts at the current choice.
    await userEvent.click(within(article).getByRole("button", { name: "Change my vote" }));
    expect(within(article).getByRole("radio", { name: "Networking" })).toBeChecked();
    expect(within(article).getByRole("radio", { name: "Networking" })).toHaveFocus();
    await userEvent.click(within(article).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(within(article).getByRole("button", { name: "Change my vote" })).toHaveFocus());
  });

  it("does not let a vote be changed when the poll does not allow it", async () => {
    fakeServer({
      [LIST]: { status: 200, body: [poll("p1", { Question: "Final?", AllowChange: false, MyBallot: { PollID: "p1", OptionIDs: ["a"], Other: null, UpdatedAt: "2026-05-09T12:00:00Z" } })] },
    });
    renderPanel();
    const article = await screen.findByRole("article", { name: "Final?" });
    expect(within(article).getByText("Your vote: Hybrid stages")).toBeInTheDocument();
    const change = within(article).getByRole("button", { name: "Change my vote" });
    expect(change).toBeDisabled();
    expect(change).toHaveAccessibleDescription("Votes cannot be changed in this poll.");
  });

  it("takes several answers and an own answer in a multiple-choice poll", async () => {
    fakeRealtime.setState("closed");
    const { calls } = fakeServer({
      [LIST]: { status: 200, body: [poll("p1", { Question: "Which sessions?", Multiple: true, AllowOther: true })] },
      [BALLOT]: (_url, body) => ({ status: 200, body: { PollID: "p1", ...(body as object), UpdatedAt: "2026-05-09T12:00:00Z" } }),
    });
    renderPanel();
    const article = await screen.findByRole("article", { name: "Which sessions?" });
    expect(within(article).getAllByRole("checkbox")).toHaveLength(3);
    await userEvent.click(within(article).getByRole("checkbox", { name: "Hybrid stages" }));
    const own = within(article).getByRole("textbox", { name: "Your own answer" });
    await userEvent.type(own, "Coffee");
    expect(within(article).getByRole("checkbox", { name: "Other" })).toBeChecked();
    expect(own).toHaveAccessibleDescription("6 of 200 characters");
    await userEvent.click(within(article).getByRole("button", { name: "Vote" }));
    expect(await within(article).findByText(/Your vote: Hybrid stages, “Coffee”/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ OptionIDs: ["a"], Other: "Coffee" });
  });

  it("explains a refusal and reads the poll again when it changed under the attendee", async () => {
    fakeRealtime.setState("closed");
    const { calls } = fakeServer({
      [LIST]: { status: 200, body: [poll("p1", { Question: "Final?", AllowChange: false })] },
      [BALLOT]: refused(409, "POLL_BALLOT_LOCKED", { PollID: "p1" }),
      "GET /api/v1/events/e1/polls/p1": {
        status: 200,
        body: poll("p1", { Question: "Final?", AllowChange: false, MyBallot: { PollID: "p1", OptionIDs: ["a"], Other: null, UpdatedAt: "2026-05-09T12:00:00Z" } }),
      },
    });
    renderPanel();
    const article = await screen.findByRole("article", { name: "Final?" });
    await userEvent.click(within(article).getByRole("radio", { name: "Networking" }));
    await userEvent.click(within(article).getByRole("button", { name: "Vote" }));
    expect(await within(article).findByRole("alert")).toHaveTextContent("You have already voted, and votes cannot be changed in this poll.");
    // Read again: the ballot cast in another tab shows.
    expect(await within(article).findByText("Your vote: Hybrid stages")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "GET" && c.path === "/api/v1/events/e1/polls/p1")).toBe(true);
  });

  it("says a closed poll did not count the vote, and a failed call in the app's words", async () => {
    fakeRealtime.setState("closed");
    const server = fakeServer({
      [LIST]: { status: 200, body: [poll("p1", { Question: "Late?" })] },
      [BALLOT]: refused(409, "POLL_NOT_OPEN", { PollID: "p1", State: "closed" }),
      "GET /api/v1/events/e1/polls/p1": { status: 200, body: poll("p1", { Question: "Late?", State: "closed" }) },
    });
    renderPanel();
    let article = await screen.findByRole("article", { name: "Late?" });
    await userEvent.click(within(article).getByRole("radio", { name: "Networking" }));
    await userEvent.click(within(article).getByRole("button", { name: "Vote" }));
    expect(await within(article).findByRole("alert")).toHaveTextContent("This poll has closed, so your vote was not counted.");
    await waitFor(() => expect(within(card("Late?")).getByText("Closed")).toBeInTheDocument());

    server.routes[LIST] = { status: 200, body: [poll("p1", { Question: "Offline?" })] };
    server.routes[BALLOT] = "offline";
    const { unmount } = renderPanel({ nodeID: "other", sessionIDs: [] });
    article = await screen.findByRole("article", { name: "Offline?" });
    await userEvent.click(within(article).getByRole("radio", { name: "Networking" }));
    await userEvent.click(within(article).getByRole("button", { name: "Vote" }));
    expect(await within(article).findByRole("alert")).toHaveTextContent(/server cannot be reached/i);
    unmount();
  });
});

describe("voting over the open socket", () => {
  const locked = poll("p1", { Question: "Final?", AllowChange: false });
  const stored = (tmpID: string) => ({ PollID: "p1", EventID: "e1", TmpID: tmpID, OptionIDs: ["b"], Other: null, UpdatedAt: "2026-05-09T12:00:00Z" });

  /** Chooses Networking, votes, and answers the POLL_VOTE's TmpID once it is sent. */
  async function vote(question: string) {
    const article = await screen.findByRole("article", { name: question });
    await userEvent.click(within(article).getByRole("radio", { name: "Networking" }));
    await userEvent.click(within(article).getByRole("button", { name: "Vote" }));
    await waitFor(() => expect(fakeRealtime.sentOf("POLL_VOTE")).toHaveLength(1));
    const sent = fakeRealtime.sentOf("POLL_VOTE")[0];
    return { article, tmpID: sent?.TmpID ?? "" };
  }

  it("sends POLL_VOTE, not the PUT, and shows the ballot its TmpID's POLL_BALLOT_NOTIFY stored", async () => {
    const { calls } = fakeServer({ [LIST]: { status: 200, body: [poll("p1", { Question: "Which topic first?" })] } });
    renderPanel();
    const { article, tmpID } = await vote("Which topic first?");
    expect(fakeRealtime.sentOf("POLL_VOTE")).toEqual([{ PollID: "p1", OptionIDs: ["b"], Other: null, TmpID: tmpID }]);
    expect(tmpID).not.toBe("");
    const sending = within(article).getByRole("button", { name: "Sending your vote…" });
    expect(sending).toHaveAttribute("aria-disabled", "true");
    // Another command's refusal is not this vote's: it waits for its own TmpID.
    act(() => fakeRealtime.deliver("POLL_VOTE_ERROR", { Error: { Code: "POLL_NOT_OPEN", Message: "closed", Data: { PollID: "p1", State: "closed", TmpID: "other-tab" } } }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(article).queryByRole("alert")).toBeNull();
    expect(sending).toHaveAttribute("aria-disabled", "true");

    act(() => fakeRealtime.deliver("POLL_BALLOT_NOTIFY", stored(tmpID)));
    expect(await within(article).findByText(/Your vote: Networking/)).toHaveFocus();
    expect(within(article).getByText("Thank you, your vote is saved.")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);
  });

  it("explains a POLL_VOTE_ERROR exactly as the PUT's refusal, and reads the poll again", async () => {
    const { calls } = fakeServer({
      [LIST]: { status: 200, body: [locked] },
      "GET /api/v1/events/e1/polls/p1": { status: 200, body: { ...locked, MyBallot: { PollID: "p1", OptionIDs: ["a"], Other: null, UpdatedAt: "2026-05-09T12:00:00Z" } } },
    });
    renderPanel();
    const { article, tmpID } = await vote("Final?");
    act(() => fakeRealtime.deliver("POLL_VOTE_ERROR", { Error: { Code: "POLL_BALLOT_LOCKED", Message: "locked", Data: { PollID: "p1", TmpID: tmpID } } }));
    expect(await within(article).findByRole("alert")).toHaveTextContent("You have already voted, and votes cannot be changed in this poll.");
    expect(await within(article).findByText("Your vote: Hybrid stages")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);
  });

  it("reads the refusal's Data as REST does: a closed poll did not count the vote", async () => {
    fakeServer({
      [LIST]: { status: 200, body: [poll("p1", { Question: "Late?" })] },
      "GET /api/v1/events/e1/polls/p1": { status: 200, body: poll("p1", { Question: "Late?", State: "closed" }) },
    });
    renderPanel();
    const { article, tmpID } = await vote("Late?");
    act(() =>
      fakeRealtime.deliver("POLL_VOTE_ERROR", { Error: { Code: "POLL_NOT_OPEN", Message: "This poll is closed", Data: { PollID: "p1", State: "closed", TmpID: tmpID } } }),
    );
    expect(await within(article).findByRole("alert")).toHaveTextContent("This poll has closed, so your vote was not counted.");
    await waitFor(() => expect(within(card("Late?")).getByText("Closed")).toBeInTheDocument());
  });

  it("sends the PUT when the socket closes before the answer", async () => {
    const { calls } = fakeServer({
      [LIST]: { status: 200, body: [poll("p1", { Question: "Which topic first?" })] },
      [BALLOT]: (_url, body) => ({ status: 200, body: { PollID: "p1", ...(body as object), UpdatedAt: "2026-05-09T12:00:00Z" } }),
    });
    renderPanel();
    const { article } = await vote("Which topic first?");
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);
    act(() => fakeRealtime.setState("closed"));
    expect(await within(article).findByText(/Your vote: Networking/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([{ OptionIDs: ["b"], Other: null }]);
  });

  it("sends the PUT when the socket gives no answer in time", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls } = fakeServer({
        [LIST]: { status: 200, body: [poll("p1", { Question: "Which topic first?" })] },
        [BALLOT]: (_url, body) => ({ status: 200, body: { PollID: "p1", ...(body as object), UpdatedAt: "2026-05-09T12:00:00Z" } }),
      });
      renderPanel();
      const { article } = await vote("Which topic first?");
      await act(() => vi.advanceTimersByTimeAsync(COMMAND_TIMEOUT_MS - 1000));
      expect(calls.filter((c) => c.method === "PUT")).toEqual([]);
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(await within(article).findByText(/Your vote: Networking/)).toBeInTheDocument();
      expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("live", () => {
  it("shows the tally as bars with the share and count, and keeps the newest frame", async () => {
    fakeServer({
      [LIST]: {
        status: 200,
        body: [poll("p1", { Question: "Which topic first?", ResultsVisible: true, Tally: tally("p1", { a: 1, b: 1 }, "2026-05-09T12:00:01Z") })],
      },
    });
    renderPanel();
    const article = await screen.findByRole("article", { name: "Which topic first?" });
    const meter = () => within(article).getByRole("meter", { name: "Networking" });
    expect(meter()).toHaveAttribute("aria-valuenow", "50");
    expect(meter()).toHaveAttribute("aria-valuetext", "50%, 1 vote");
    expect(within(article).getByText("2 votes in total")).toBeInTheDocument();

    act(() => fakeRealtime.deliver("POLL_RESULTS_NOTIFY", tally("p1", { a: 1, b: 3 }, "2026-05-09T12:00:03Z")));
    await waitFor(() => expect(meter()).toHaveAttribute("aria-valuetext", "75%, 3 votes"));
    expect(within(article).getByText("4 votes in total")).toBeInTheDocument();
    // A frame counted up to an older ballot, arriving late from another server process: ignored.
    act(() => fakeRealtime.deliver("POLL_RESULTS_NOTIFY", tally("p1", { a: 1, b: 2 }, "2026-05-09T12:00:02Z")));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(meter()).toHaveAttribute("aria-valuetext", "75%, 3 votes");
  });

  it("follows polls opening, closing and going, and the attendee's ballot from another tab", async () => {
    fakeServer({
      [LIST]: { status: 200, body: [poll("p1", { Question: "First?" })] },
      "GET /api/v1/events/e1/polls/p2/results": { status: 200, body: tally("p2", { a: 5 }, "2026-05-09T12:00:00Z") },
    });
    renderPanel();
    await screen.findByRole("article", { name: "First?" });

    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p2", { Question: "Second?", SessionID: "keynote", PanoNodeID: "" })));
    expect(await screen.findByRole("article", { name: "Second?" })).toBeInTheDocument();
    // Another room's poll and another event's poll stay out.
    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p3", { Question: "Elsewhere?", PanoNodeID: "lobby" })));
    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p4", { Question: "Other event?", EventID: "e2" })));
    expect(screen.queryByRole("article", { name: "Elsewhere?" })).toBeNull();
    expect(screen.queryByRole("article", { name: "Other event?" })).toBeNull();

    act(() => fakeRealtime.deliver("POLL_BALLOT_NOTIFY", { PollID: "p1", EventID: "e1", TmpID: "", OptionIDs: ["a"], Other: null, UpdatedAt: "2026-05-09T12:00:00Z" }));
    expect(await within(card("First?")).findByText("Your vote: Hybrid stages")).toBeInTheDocument();

    // Closing a poll whose results show once it closed: the tally is read (spread over a few seconds).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p2", { Question: "Second?", SessionID: "keynote", PanoNodeID: "", State: "closed", Results: "closed" })));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(within(card("Second?")).getByText("Closed")).toBeInTheDocument();
    expect(within(card("Second?")).getByRole("status")).toHaveTextContent("Loading the results…");
    await act(() => vi.advanceTimersByTimeAsync(3000));
    vi.useRealTimers();
    expect(await within(card("Second?")).findByRole("meter", { name: "Hybrid stages" })).toHaveAttribute("aria-valuetext", "100%, 5 votes");
    // The list puts open polls first.
    expect(screen.getAllByRole("article").map((a) => a.getAttribute("data-poll"))).toEqual(["p1", "p2"]);

    act(() => fakeRealtime.deliver("POLL_NOTIFY", notice("p1", { Deleted: true })));
    await waitFor(() => expect(screen.queryByRole("article", { name: "First?" })).toBeNull());
  });

  it("moves the focus to the poll a notice asked for", async () => {
    fakeServer({ [LIST]: { status: 200, body: [poll("p1", { Question: "First?" }), poll("p2", { Question: "Second?" })] } });
    usePollFocus.getState().request("p2");
    renderPanel();
    const heading = await screen.findByRole("heading", { name: "Second?" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(usePollFocus.getState().pollID).toBeNull();
  });
});
