import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
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

  it("upvotes and takes the upvote back, pressed state and count following", async () => {
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
  });

  it("undoes an upvote the server refuses and says why", async () => {
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
