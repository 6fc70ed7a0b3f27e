import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { COMMAND_TIMEOUT_MS } from "@/lib/realtime/command";
import { fakeRealtime } from "@/lib/realtime/testing";
import { QnaPanel, type QnaSession } from "./QnaPanel";
import { fakeServer, question, questionNotice, refused } from "./testing";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

const LIST = "GET /api/v1/events/e1/sessions/s1/questions";
const ASK = "POST /api/v1/events/e1/sessions/s1/questions";
const vote = (id: string, method: "PUT" | "DELETE") => `${method} /api/v1/events/e1/sessions/s1/questions/${id}/vote`;

function renderPanel(session: QnaSession = { ID: "s1" }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <QnaPanel eventID="e1" session={session} />
    </QueryClientProvider>,
  );
  return {
    ...view,
    rerender: (next: QnaSession) =>
      view.rerender(
        <QueryClientProvider client={client}>
          <QnaPanel eventID="e1" session={next} />
        </QueryClientProvider>,
      ),
  };
}

const texts = () => within(screen.getByRole("list", { name: /Questions/ })).getAllByRole("listitem").map((li) => li.querySelector(".question__text")?.textContent);

beforeEach(async () => {
  await initI18n("en");
  fakeRealtime.reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the Q&A beside the player", () => {
  it("says it is loading, then that there are no questions yet", async () => {
    fakeServer({ [LIST]: { status: 200, body: [] } });
    renderPanel();
    expect(screen.getByRole("region", { name: "Q&A" })).toBeInTheDocument();
    expect(screen.getByText("Loading the questions…")).toHaveAttribute("role", "status");
    expect(await screen.findByText("No questions yet. Ask the first one!")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Questions (0)" })).toBeInTheDocument();
  });

  it("says when the questions cannot be read, and reads them again on Try again", async () => {
    const server = fakeServer({ [LIST]: "offline" });
    renderPanel();
    expect(await screen.findByText("The questions could not be loaded.")).toBeInTheDocument();
    server.routes[LIST] = { status: 200, body: [question("q1", { Text: "Back?" })] };
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Back?")).toBeInTheDocument();
  });

  it("is not there when the session takes no questions, and goes when they are switched off", async () => {
    const { calls } = fakeServer({ [LIST]: { status: 200, body: [] } });
    const view = renderPanel({ ID: "s1", QnaEnabled: false });
    expect(screen.queryByRole("region", { name: "Q&A" })).toBeNull();
    expect(calls).toEqual([]);
    view.rerender({ ID: "s1", QnaEnabled: true });
    expect(await screen.findByRole("region", { name: "Q&A" })).toBeInTheDocument();
    view.rerender({ ID: "s1", QnaEnabled: false });
    expect(screen.queryByRole("region", { name: "Q&A" })).toBeNull();
  });

  it("lists the pinned question first, then by votes or by time, with badges", async () => {
    fakeServer({
      [LIST]: {
        status: 200,
        body: [
          question("q1", { Text: "Old and popular?", Votes: 5, CreatedAt: "2026-05-09T12:00:00Z", Answered: true }),
          question("q2", { Text: "Newest?", Votes: 1, CreatedAt: "2026-05-09T12:10:00Z", AuthorName: null, Anonymous: true }),
          question("q3", { Text: "Pinned?", Votes: 0, Pinned: true, CreatedAt: "2026-05-09T12:05:00Z" }),
          question("q4", { Text: "Mine, waiting?", Status: "pending", Mine: true, Anonymous: true, CreatedAt: "2026-05-09T12:11:00Z" }),
        ],
      },
    });
    renderPanel();
    await screen.findByText("Pinned?");
    expect(texts()).toEqual(["Pinned?", "Old and popular?", "Newest?", "Mine, waiting?"]);
    const item = (text: string) => screen.getByText(text).closest("li") as HTMLElement;
    expect(within(item("Pinned?")).getByText("Pinned")).toBeInTheDocument();
    expect(within(item("Old and popular?")).getByText("Answered")).toBeInTheDocument();
    expect(within(item("Newest?")).getByText(/^Anonymous at/)).toBeInTheDocument();
    expect(within(item("Mine, waiting?")).getByText("Waiting for approval")).toBeInTheDocument();
    expect(within(item("Mine, waiting?")).getByText(/^You \(anonymously\) at/)).toBeInTheDocument();
    // A question waiting for approval takes no votes yet.
    expect(within(item("Mine, waiting?")).queryByRole("button")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Newest" }));
    expect(screen.getByRole("button", { name: "Newest" })).toHaveAttribute("aria-pressed", "true");
    expect(texts()).toEqual(["Pinned?", "Mine, waiting?", "Newest?", "Old and popular?"]);
  });

  it("re-sorts as votes come in live, and follows new, answered and hidden questions", async () => {
    fakeServer({ [LIST]: { status: 200, body: [question("q1", { Text: "First?", Votes: 3 }), question("q2", { Text: "Second?", Votes: 1 })] } });
    renderPanel();
    await screen.findByText("First?");
    expect(texts()).toEqual(["First?", "Second?"]);

    act(() => fakeRealtime.deliver("QUESTION_VOTES_NOTIFY", { SessionID: "s1", EventID: "e1", Votes: [{ ID: "q2", Votes: 7 }] }));
    await waitFor(() => expect(texts()).toEqual(["Second?", "First?"]));
    expect(screen.getByRole("button", { name: "Upvote, 7 votes" })).toBeInTheDocument();
    // Another session's counts change nothing here.
    act(() => fakeRealtime.deliver("QUESTION_VOTES_NOTIFY", { SessionID: "s2", EventID: "e1", Votes: [{ ID: "q1", Votes: 99 }] }));

    act(() => fakeRealtime.deliver("QUESTION_NOTIFY", { ...questionNotice("q3", { Text: "Third?", Votes: 4, SessionID: "s1" }) }));
    await waitFor(() => expect(texts()).toEqual(["Second?", "Third?", "First?"]));
    expect(screen.getByRole("heading", { name: "Questions (3)" })).toBeInTheDocument();

    act(() => fakeRealtime.deliver("QUESTION_NOTIFY", questionNotice("q1", { Text: "First?", Votes: 3, Answered: true })));
    await waitFor(() => expect(within(screen.getByText("First?").closest("li") as HTMLElement).getByText("Answered")).toBeInTheDocument());
    act(() => fakeRealtime.deliver("QUESTION_NOTIFY", questionNotice("q2", { Status: "hidden", Text: "", AuthorName: null })));
    await waitFor(() => expect(texts()).toEqual(["Third?", "First?"]));
  });

  it("upvotes and takes the upvote back over REST while the socket is closed, pressed state and count following", async () => {
    fakeRealtime.setState("closed");
    const { calls } = fakeServer({
      [LIST]: { status: 200, body: [question("q1", { Text: "Slides?", Votes: 2 })] },
      [vote("q1", "PUT")]: { status: 200, body: question("q1", { Text: "Slides?", Votes: 3, Upvoted: true }) },
      [vote("q1", "DELETE")]: { status: 200, body: question("q1", { Text: "Slides?", Votes: 2, Upvoted: false }) },
    });
    renderPanel();
    const button = await screen.findByRole("button", { name: "Upvote, 2 votes" });
    expect(button).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(button);
    await waitFor(() => expect(screen.getByRole("button", { name: "Upvote, 3 votes" })).toHaveAttribute("aria-pressed", "true"));
    await userEvent.click(screen.getByRole("button", { name: "Upvote, 3 votes" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Upvote, 2 votes" })).toHaveAttribute("aria-pressed", "false"));
    expect(calls.filter((c) => c.method !== "GET").map((c) => c.method)).toEqual(["PUT", "DELETE"]);
    expect(fakeRealtime.sent).toEqual([]);
  });

  it("undoes an upvote the server refuses and says why", async () => {
    fakeRealtime.setState("closed");
    fakeServer({
      [LIST]: { status: 200, body: [question("q1", { Text: "Slides?", Votes: 2 })] },
      [vote("q1", "PUT")]: refused(409, "QNA_CLOSED", { SessionID: "s1" }),
    });
    renderPanel();
    await userEvent.click(await screen.findByRole("button", { name: "Upvote, 2 votes" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Questions are closed for this session.");
    expect(screen.getByRole("button", { name: "Upvote, 2 votes" })).toHaveAttribute("aria-pressed", "false");
  });
});

describe("upvoting over the open socket", () => {
  const upvoted = (tmpID: string, votes: number, over: { QuestionID?: string; SessionID?: string } = {}) => ({
    EventID: "e1",
    SessionID: "s1",
    QuestionID: "q1",
    TmpID: tmpID,
    Votes: votes,
    ...over,
  });

  /** Clicks the upvote button and returns the TmpID of the QUESTION_UPVOTE it sent. */
  async function upvote(name: string, sentBefore = 0) {
    await userEvent.click(await screen.findByRole("button", { name }));
    await waitFor(() => expect(fakeRealtime.sentOf("QUESTION_UPVOTE")).toHaveLength(sentBefore + 1));
    return fakeRealtime.sentOf("QUESTION_UPVOTE")[sentBefore]?.TmpID ?? "";
  }

  it("sends QUESTION_UPVOTE, not the PUT, and takes the count its TmpID's notice stored; taking back stays REST", async () => {
    const { calls } = fakeServer({
      [LIST]: { status: 200, body: [question("q1", { Text: "Slides?", Votes: 2 })] },
      [vote("q1", "DELETE")]: { status: 200, body: question("q1", { Text: "Slides?", Votes: 4, Upvoted: false }) },
    });
    renderPanel();
    const tmpID = await upvote("Upvote, 2 votes");
    expect(fakeRealtime.sentOf("QUESTION_UPVOTE")).toEqual([{ SessionID: "s1", QuestionID: "q1", TmpID: tmpID }]);
    expect(tmpID).not.toBe("");
    // At once on screen, as over REST.
    expect(screen.getByRole("button", { name: "Upvote, 3 votes" })).toHaveAttribute("aria-pressed", "true");
    // Two more people upvoted meanwhile: the stored count wins.
    act(() => fakeRealtime.deliver("QUESTION_UPVOTE_NOTIFY", upvoted(tmpID, 5)));
    await waitFor(() => expect(screen.getByRole("button", { name: "Upvote, 5 votes" })).toHaveAttribute("aria-pressed", "true"));
    expect(screen.getByRole("button", { name: "Upvote, 5 votes" })).not.toHaveAttribute("aria-disabled");

    await userEvent.click(screen.getByRole("button", { name: "Upvote, 5 votes" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Upvote, 4 votes" })).toHaveAttribute("aria-pressed", "false"));
    expect(calls.filter((c) => c.method !== "GET").map((c) => c.method)).toEqual(["DELETE"]);
    expect(fakeRealtime.sentOf("QUESTION_UPVOTE")).toHaveLength(1);
  });

  it("counts ALREADY_UPVOTED as upvoted, and undoes other refusals with the REST words", async () => {
    const { calls } = fakeServer({
      [LIST]: { status: 200, body: [question("q1", { Text: "Slides?", Votes: 2, CreatedAt: "2026-05-09T12:00:00Z" }), question("q2", { Text: "Recording?", Votes: 1, CreatedAt: "2026-05-09T12:01:00Z" })] },
    });
    renderPanel();
    let tmpID = await upvote("Upvote, 2 votes");
    act(() => fakeRealtime.deliver("QUESTION_UPVOTE_ERROR", { Error: { Code: "ALREADY_UPVOTED", Message: "You upvoted this question already", Data: { QuestionID: "q1", TmpID: tmpID } } }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Upvote, 3 votes" })).not.toHaveAttribute("aria-disabled"));
    expect(screen.getByRole("button", { name: "Upvote, 3 votes" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryByRole("alert")).toBeNull();

    tmpID = await upvote("Upvote, 1 vote", 1);
    act(() => fakeRealtime.deliver("QUESTION_UPVOTE_ERROR", { Error: { Code: "QNA_CLOSED", Message: "closed", Data: { QuestionID: "q2", TmpID: tmpID } } }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Questions are closed for this session.");
    expect(screen.getByRole("button", { name: "Upvote, 1 vote" })).toHaveAttribute("aria-pressed", "false");
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("sends the PUT when the socket gives no answer in time", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls } = fakeServer({
        [LIST]: { status: 200, body: [question("q1", { Text: "Slides?", Votes: 2 })] },
        [vote("q1", "PUT")]: { status: 200, body: question("q1", { Text: "Slides?", Votes: 3, Upvoted: true }) },
      });
      renderPanel();
      await upvote("Upvote, 2 votes");
      await act(() => vi.advanceTimersByTimeAsync(COMMAND_TIMEOUT_MS));
      await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1));
      expect(screen.getByRole("button", { name: "Upvote, 3 votes" })).toHaveAttribute("aria-pressed", "true");
    } finally {
      vi.useRealTimers();
    }
  });

  it("marks a question upvoted in another tab (TmpID \"\" when that was REST), in this session only", async () => {
    fakeServer({ [LIST]: { status: 200, body: [question("q1", { Text: "Slides?", Votes: 2 })] } });
    renderPanel();
    await screen.findByRole("button", { name: "Upvote, 2 votes" });
    act(() => fakeRealtime.deliver("QUESTION_UPVOTE_NOTIFY", upvoted("", 3, { SessionID: "s2" })));
    act(() => fakeRealtime.deliver("QUESTION_UPVOTE_NOTIFY", upvoted("", 3)));
    await waitFor(() => expect(screen.getByRole("button", { name: "Upvote, 3 votes" })).toHaveAttribute("aria-pressed", "true"));
    expect(fakeRealtime.sent).toEqual([]);
  });
});

describe("asking", () => {
  it("counts the characters, sends the question anonymously when asked to, and says it waits for approval", async () => {
    const { calls } = fakeServer({
      [LIST]: { status: 200, body: [] },
      [ASK]: (_url, body) => ({ status: 201, body: question("new", { ...(body as object), Status: "pending", Mine: true, AuthorName: "Ada Lovelace" }) }),
    });
    renderPanel();
    await screen.findByText("No questions yet. Ask the first one!");
    const box = screen.getByRole("textbox", { name: "Your question" });
    expect(box).toHaveAttribute("maxlength", "500");
    await userEvent.type(box, "Will the slides be shared?");
    expect(box).toHaveAccessibleDescription("26 of 500 characters");
    const anonymous = screen.getByRole("checkbox", { name: "Ask anonymously" });
    expect(anonymous).toHaveAccessibleDescription("Other attendees will not see your name; the organizers will.");
    await userEvent.click(anonymous);
    await userEvent.click(screen.getByRole("button", { name: "Ask" }));

    expect(await screen.findByText("Thank you! Your question will appear once the moderators approve it.")).toHaveAttribute("role", "status");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ Text: "Will the slides be shared?", Anonymous: true });
    expect(box).toHaveValue("");
    const mine = screen.getByText("Will the slides be shared?").closest("li") as HTMLElement;
    expect(within(mine).getByText("Waiting for approval")).toBeInTheDocument();
    expect(within(mine).getByText(/^You \(anonymously\) at/)).toBeInTheDocument();
  });

  it("asks for a text first, and keeps the text when the server refuses", async () => {
    const { calls } = fakeServer({ [LIST]: { status: 200, body: [] }, [ASK]: refused(429, "RATE_LIMITED", { RetryAfterMs: 20_000 }) });
    renderPanel();
    await screen.findByText("No questions yet. Ask the first one!");
    await userEvent.click(screen.getByRole("button", { name: "Ask" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Write your question first.");
    expect(screen.getByRole("textbox", { name: "Your question" })).toHaveAttribute("aria-invalid", "true");
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);

    await userEvent.type(screen.getByRole("textbox", { name: "Your question" }), "Again?");
    await userEvent.click(screen.getByRole("button", { name: "Ask" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You are asking very quickly. Please wait 20 seconds and try again.");
    expect(screen.getByRole("textbox", { name: "Your question" })).toHaveValue("Again?");
  });

  it("can be folded away and back, the button saying which", async () => {
    fakeServer({ [LIST]: { status: 200, body: [] } });
    renderPanel();
    const fold = screen.getByRole("button", { name: "Hide the Q&A" });
    expect(fold).toHaveAttribute("aria-expanded", "true");
    await userEvent.click(fold);
    expect(screen.getByRole("button", { name: "Show the Q&A" })).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("textbox", { name: "Your question" })).toBeNull();
    expect(screen.getByRole("region", { name: "Q&A" })).toHaveAttribute("data-folded");
  });
});
