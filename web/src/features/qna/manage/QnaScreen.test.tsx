import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { initI18n } from "@/lib/i18n";
import { storageKeys, writeItem } from "@/lib/storage";
import { REREAD_DELAY_MS } from "./qna-frames";
import { BASE, EVENT, KEYNOTE, noticeOf, PANEL, question, renderQna, serveQna, sessionsAround } from "./qna-test-utils";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

const texts = () => screen.queryAllByTestId("question").map((q) => q.querySelector(".qna-item__text")?.textContent);
const item = (text: string) => screen.getAllByTestId("question").find((q) => q.querySelector(".qna-item__text")?.textContent === text) as HTMLElement;
const tab = (name: RegExp) => screen.getByRole("tab", { name });

/** Delivers a frame and lets the query cache tell the screen (its notifications are batched). */
async function deliver(...args: Parameters<typeof fakeRealtime.deliver>) {
  await act(async () => {
    fakeRealtime.deliver(...args);
    await new Promise((resolve) => setTimeout(resolve, 5));
  });
}

const queue = () => [
  question(1, "Will the slides be shared?", { Votes: 4 }),
  question(2, "Is there a recording?", { Votes: 9, Pinned: true }),
  question(3, "Who pays for lunch?", { Status: "pending", Anonymous: true, AuthorName: "Grace Hopper" }),
  question(4, "What about GDPR?", { Answered: true, Votes: 2 }),
  question(5, "Buy cheap watches", { Status: "hidden" }),
  question(6, "How long is the break?", { Votes: 4 }),
];

beforeEach(async () => {
  await initI18n("en");
  fakeRealtime.reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("QnaScreen", { timeout: 20_000 }, () => {
  it("opens on the session running now, with its switches and the pending questions", async () => {
    serveQna(sessionsAround(Date.now()), queue());
    renderQna();
    expect(screen.getByText("Loading the sessions…")).toBeInTheDocument();
    const select = await screen.findByLabelText("Session");
    expect((select as HTMLSelectElement).selectedOptions[0]?.textContent).toMatch(/^Keynote — /);
    expect(screen.getByRole("switch", { name: "Q&A" })).toBeChecked();
    expect(screen.getByRole("switch", { name: "Pre-moderation" })).toBeChecked();
    expect(screen.getByRole("switch", { name: "Reactions" })).toBeChecked();
    await waitFor(() => expect(texts()).toEqual(["Who pays for lunch?"]));
    expect(tab(/^Pending/)).toHaveAttribute("aria-selected", "true");
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Pending (1)", "Visible (3)", "Answered (1)", "Hidden (1)"]);
    // The real name, and that attendees do not see it.
    const pending = within(item("Who pays for lunch?"));
    expect(pending.getByText("Grace Hopper")).toBeInTheDocument();
    expect(pending.getByText("Anonymous to attendees")).toBeInTheDocument();
    expect(pending.getByRole("button", { name: "Approve" })).toHaveAccessibleDescription("Who pays for lunch?");
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });

  it("binds its socket to the event", async () => {
    writeItem("local", storageKeys.consoleJwt, "token-1");
    const connect = vi.spyOn(fakeRealtime, "connect");
    serveQna(sessionsAround(Date.now()), []);
    renderQna();
    await screen.findByLabelText("Session");
    expect(connect).toHaveBeenCalledWith("token-1", { eventId: EVENT });
  });

  it("filters the questions by tab: pinned first, then votes, then oldest; arrow keys move between tabs", async () => {
    serveQna(sessionsAround(Date.now()), queue());
    renderQna();
    const user = userEvent.setup();
    await waitFor(() => expect(texts()).toEqual(["Who pays for lunch?"]));
    await user.click(tab(/^Visible/));
    expect(texts()).toEqual(["Is there a recording?", "Will the slides be shared?", "How long is the break?"]);
    expect(within(item("Is there a recording?")).getByText("Pinned")).toBeInTheDocument();
    expect(within(item("Will the slides be shared?")).getByText("4 votes")).toBeInTheDocument();
    await user.keyboard("{ArrowRight}");
    expect(tab(/^Answered/)).toHaveFocus();
    expect(texts()).toEqual(["What about GDPR?"]);
    await user.keyboard("{End}");
    expect(texts()).toEqual(["Buy cheap watches"]);
    await user.keyboard("{Home}");
    expect(tab(/^Pending/)).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveAccessibleName(/^Pending/);
  });

  it("says when a tab is empty and when the session has Q&A off", async () => {
    serveQna(
      sessionsAround(Date.now()).map((s) => ({ ...s, QnaEnabled: false })),
      [],
    );
    renderQna();
    expect(await screen.findByText("No questions wait for approval.")).toBeInTheDocument();
    expect(screen.getByText(/^Q&A is off in this session/)).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Q&A" })).not.toBeChecked();
  });

  it("says when the event has no sessions, with the way to add them", async () => {
    serveQna([], []);
    renderQna();
    expect(await screen.findByText(/^This event has no sessions yet/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add sessions in Schedule" })).toHaveAttribute("href", `/events/${EVENT}/schedule`);
  });

  it("moderates through the right routes: approve, answer, pin, hide, show", async () => {
    const server = serveQna(sessionsAround(Date.now()), queue());
    renderQna();
    const user = userEvent.setup();
    await waitFor(() => expect(texts()).toEqual(["Who pays for lunch?"]));
    await user.click(within(item("Who pays for lunch?")).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(screen.getByText("No questions wait for approval.")).toBeInTheDocument());
    expect(screen.getByTestId("qna-announcer")).toHaveTextContent("Question approved: it is now under Visible.");
    // Nothing left in the tab: the focus goes to the tab panel.
    await waitFor(() => expect(screen.getByRole("tabpanel")).toHaveFocus());
    await user.click(tab(/^Visible/));
    expect(texts()).toEqual(["Is there a recording?", "Will the slides be shared?", "How long is the break?", "Who pays for lunch?"]);
    await user.click(within(item("Will the slides be shared?")).getByRole("button", { name: "Mark answered" }));
    await waitFor(() => expect(texts()).toEqual(["Is there a recording?", "How long is the break?", "Who pays for lunch?"]));
    // The focus moves to the same button of the question now in its place.
    await waitFor(() => expect(within(item("How long is the break?")).getByRole("button", { name: "Mark answered" })).toHaveFocus());
    await user.click(within(item("How long is the break?")).getByRole("button", { name: "Pin" }));
    await waitFor(() => expect(texts()).toEqual(["How long is the break?", "Is there a recording?", "Who pays for lunch?"]));
    expect(within(item("Is there a recording?")).queryByText("Pinned")).not.toBeInTheDocument();
    await waitFor(() => expect(within(item("How long is the break?")).getByRole("button", { name: "Unpin" })).toHaveFocus());
    await user.click(within(item("Is there a recording?")).getByRole("button", { name: "Hide" }));
    await user.click(tab(/^Hidden/));
    await waitFor(() => expect(texts()).toEqual(["Is there a recording?", "Buy cheap watches"]));
    await user.click(within(item("Buy cheap watches")).getByRole("button", { name: "Show again" }));
    await user.click(tab(/^Answered/));
    await user.click(within(item("Will the slides be shared?")).getByRole("button", { name: "Mark unanswered" }));
    await waitFor(() => expect(texts()).toEqual(["What about GDPR?"]));
    const q = (n: number) => `${BASE}/sessions/${KEYNOTE}/questions/${question(n, "").ID}`;
    expect(server.writes().map((c) => [c.method, c.path, c.body])).toEqual([
      ["PATCH", q(3), { Status: "visible" }],
      ["PATCH", q(1), { Answered: true }],
      ["PATCH", q(6), { Pinned: true }],
      ["PATCH", q(2), { Status: "hidden" }],
      ["PATCH", q(5), { Status: "visible" }],
      ["PATCH", q(1), { Answered: false }],
    ]);
  });

  it("deletes a question after asking, and says a refusal", async () => {
    const server = serveQna(sessionsAround(Date.now()), queue());
    renderQna();
    const user = userEvent.setup();
    await waitFor(() => expect(texts()).toEqual(["Who pays for lunch?"]));
    await user.click(within(item("Who pays for lunch?")).getByRole("button", { name: "Delete" }));
    let confirm = within(screen.getByRole("alertdialog"));
    expect(confirm.getByText("Who pays for lunch?")).toBeInTheDocument();
    expect(confirm.getByRole("button", { name: "Cancel" })).toHaveFocus();
    server.answers.push({ status: 403, body: { Error: { Code: "FORBIDDEN", Message: "no" } } });
    await user.click(confirm.getByRole("button", { name: "Delete question" }));
    expect(await confirm.findByRole("alert")).toBeInTheDocument();
    await user.click(confirm.getByRole("button", { name: "Cancel" }));
    await user.click(within(item("Who pays for lunch?")).getByRole("button", { name: "Delete" }));
    confirm = within(screen.getByRole("alertdialog"));
    await user.click(confirm.getByRole("button", { name: "Delete question" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(texts()).toEqual([]);
    expect(server.writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      `DELETE ${BASE}/sessions/${KEYNOTE}/questions/${question(3, "").ID}`,
      `DELETE ${BASE}/sessions/${KEYNOTE}/questions/${question(3, "").ID}`,
    ]);
    expect(screen.getByTestId("qna-announcer")).toHaveTextContent("Question deleted.");
  });

  it("exports the session's questions as CSV with the console's token, and says a refusal", async () => {
    writeItem("local", storageKeys.consoleJwt, "token-1");
    const server = serveQna(sessionsAround(Date.now()), queue());
    const created = vi.fn(() => "blob:csv");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    renderQna();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Export questions (CSV)" }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = server.calls.find((c) => c.path.endsWith("/questions.csv"));
    expect(call?.path).toBe(`${BASE}/sessions/${KEYNOTE}/questions.csv`);
    expect(call?.authorization).toBe("Bearer token-1");
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe("questions-demo-keynote.csv");
    expect(link.href).toBe("blob:csv");
    server.answers.push({ status: 403, body: { Error: { Code: "FORBIDDEN", Message: "no" } } });
    await user.click(screen.getByRole("button", { name: "Export questions (CSV)" }));
    expect(await screen.findByText(/^The questions could not be exported\./)).toHaveAttribute("role", "alert");
    expect(screen.getByRole("button", { name: "Export questions (CSV)" })).toHaveFocus();
    click.mockRestore();
  });

  it("flips the session's switches, sending all three, and keeps them when refused", async () => {
    const server = serveQna(sessionsAround(Date.now()), []);
    renderQna();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("switch", { name: "Pre-moderation" }));
    await waitFor(() => expect(screen.getByRole("switch", { name: "Pre-moderation" })).not.toBeChecked());
    expect(screen.getByTestId("qna-announcer")).toHaveTextContent("Pre-moderation is off in “Keynote”: new questions are visible at once.");
    await user.click(screen.getByRole("switch", { name: "Reactions" }));
    await waitFor(() => expect(screen.getByRole("switch", { name: "Reactions" })).not.toBeChecked());
    server.answers.push({ status: 500, body: { Error: { Code: "INTERNAL_ERROR", Message: "boom" } } });
    await user.click(screen.getByRole("switch", { name: "Q&A" }));
    expect(await screen.findByText(/^The setting was not saved\./)).toHaveAttribute("role", "alert");
    expect(screen.getByRole("switch", { name: "Q&A" })).toBeChecked();
    expect(server.writes().map((c) => [c.method, c.path, c.body])).toEqual([
      ["PUT", `${BASE}/sessions/${KEYNOTE}/interaction`, { QnaEnabled: true, QnaModerated: false, ReactionsEnabled: true }],
      ["PUT", `${BASE}/sessions/${KEYNOTE}/interaction`, { QnaEnabled: true, QnaModerated: false, ReactionsEnabled: false }],
      ["PUT", `${BASE}/sessions/${KEYNOTE}/interaction`, { QnaEnabled: false, QnaModerated: false, ReactionsEnabled: false }],
    ]);
  });

  it("switches sessions and keeps the choice in the address", async () => {
    serveQna(sessionsAround(Date.now()), [...queue(), question(7, "Panel question?", { SessionID: PANEL, Status: "pending" })]);
    renderQna(`/?session=${PANEL}`);
    await waitFor(() => expect(texts()).toEqual(["Panel question?"]));
    expect(screen.getByRole("switch", { name: "Pre-moderation" })).not.toBeChecked();
    await userEvent.selectOptions(screen.getByLabelText("Session"), KEYNOTE);
    await waitFor(() => expect(texts()).toEqual(["Who pays for lunch?"]));
    expect(screen.getByRole("switch", { name: "Pre-moderation" })).toBeChecked();
  });

  it("updates vote counts from QUESTION_VOTES_NOTIFY and reads the list again after QUESTION_NOTIFY", async () => {
    const server = serveQna(sessionsAround(Date.now()), queue());
    renderQna();
    const user = userEvent.setup();
    await waitFor(() => expect(texts()).toEqual(["Who pays for lunch?"]));
    await user.click(tab(/^Visible/));
    await deliver("QUESTION_VOTES_NOTIFY", { SessionID: KEYNOTE, EventID: EVENT, Votes: [{ ID: question(6, "").ID, Votes: 12 }] });
    expect(texts()).toEqual(["Is there a recording?", "How long is the break?", "Will the slides be shared?"]);
    expect(within(item("How long is the break?")).getByText("12 votes")).toBeInTheDocument();

    const reads = () => server.calls.filter((c) => c.method === "GET" && c.path.endsWith(`/sessions/${KEYNOTE}/questions`)).length;
    const before = reads();
    server.questions = [...server.questions, question(8, "A new one?", { AuthorName: "Alan Turing", Anonymous: true })];
    const frame = noticeOf(question(8, "A new one?", { Anonymous: true }));
    // A burst of frames costs one read, after a short wait.
    await deliver("QUESTION_NOTIFY", frame);
    await deliver("QUESTION_NOTIFY", frame);
    expect(reads()).toBe(before);
    await act(async () => new Promise((resolve) => setTimeout(resolve, REREAD_DELAY_MS + 50)));
    await waitFor(() => expect(texts()).toContain("A new one?"));
    expect(reads()).toBe(before + 1);
    // Organizers read the real name over REST.
    expect(within(item("A new one?")).getByText("Alan Turing")).toBeInTheDocument();
    // A deletion goes at once.
    await deliver("QUESTION_NOTIFY", { ...frame, ID: question(1, "").ID, Deleted: true });
    expect(texts()).not.toContain("Will the slides be shared?");
  });
});
