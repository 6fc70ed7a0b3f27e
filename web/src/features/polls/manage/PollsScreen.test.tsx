import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useNotifications } from "@/features/notifications";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { initI18n } from "@/lib/i18n";
import { storageKeys, writeItem } from "@/lib/storage";
import type { PollView } from "./api";
import { BASE, EVENT, noticeOf, poll, renderPolls, servePolls, sessions, tally } from "./polls-test-utils";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

const rows = () => screen.getAllByTestId("poll-row");
const row = (question: string) => rows().find((r) => within(r).queryByText(question)) as HTMLElement;
const dialog = () => within(screen.getByRole("dialog"));
const toasts = () => useNotifications.getState().items.map((n) => n.text);

/** Delivers a frame and lets the query cache tell the screen (its notifications are batched). */
async function deliver(...args: Parameters<typeof fakeRealtime.deliver>) {
  await act(async () => {
    fakeRealtime.deliver(...args);
    await new Promise((resolve) => setTimeout(resolve, 5));
  });
}

beforeEach(async () => {
  await initI18n("en");
  useNotifications.setState({ items: [] });
  fakeRealtime.reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const demo = () => [
  poll(1, "Which topic first?", { State: "open", IsActive: true, PanoNodeID: "auditorium", Tally: tally(`p${"1".padStart(23, "0")}`, 3, [["a", 1], ["b", 2]], "2030-05-01T07:10:00Z") }),
  poll(2, "Lunch?", { SessionID: sessions[0]?.ID ?? null, OpensAt: "2030-05-01T10:00:00Z" }),
  poll(3, "Rate the day", { State: "closed", ClosesAt: "2030-05-01T16:00:00Z" }),
];

describe("PollsScreen", { timeout: 20_000 }, () => {
  it("lists the polls with their state, place, schedule in the event's zone and ballots", async () => {
    servePolls(demo());
    renderPolls();
    expect(screen.getByText("Loading the polls…")).toBeInTheDocument();
    await screen.findByText("Which topic first?");
    expect(screen.getByText("Times are in the event's time zone, Europe/Berlin.")).toBeInTheDocument();
    const first = within(row("Which topic first?"));
    expect(first.getByText("Open")).toHaveClass("polls-state--open");
    await waitFor(() => expect(first.getByText("Room: Auditorium")).toBeInTheDocument());
    expect(first.getByText("3")).toBeInTheDocument();
    expect(first.getByRole("button", { name: "Close now for “Which topic first?”" })).toBeInTheDocument();
    const second = within(row("Lunch?"));
    expect(second.getByText("Draft")).toBeInTheDocument();
    await waitFor(() => expect(second.getByText("Session: Keynote — 01.05.2030 09:00")).toBeInTheDocument());
    expect(second.getByText("Opens 01.05.2030 12:00")).toBeInTheDocument();
    expect(second.getByRole("button", { name: "Open now for “Lunch?”" })).toBeInTheDocument();
    const third = within(row("Rate the day"));
    expect(third.getByText("Closed")).toBeInTheDocument();
    expect(third.getByText("Anywhere")).toBeInTheDocument();
    expect(third.getByRole("button", { name: "Reopen for “Rate the day”" })).toBeInTheDocument();
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });

  it("binds its socket to the event", async () => {
    writeItem("local", storageKeys.consoleJwt, "token-1");
    const connect = vi.spyOn(fakeRealtime, "connect");
    servePolls([]);
    renderPolls();
    await screen.findByText("No polls yet. Create one now and open it when the moment comes.");
    expect(connect).toHaveBeenCalledWith("token-1", { eventId: EVENT });
  });

  it("says when the polls cannot be loaded, with a retry", async () => {
    servePolls([], { failList: true });
    renderPolls();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The polls could not be loaded.");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("opens and closes a poll through its routes and says so", async () => {
    const server = servePolls(demo());
    renderPolls();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Open now for “Lunch?”" }));
    await waitFor(() => expect(within(row("Lunch?")).getByText("Open")).toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Close now for “Which topic first?”" }));
    await waitFor(() => expect(within(row("Which topic first?")).getByText("Closed")).toBeInTheDocument());
    expect(server.writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST ${BASE}/polls/${demo()[1]?.ID}/open`,
      `POST ${BASE}/polls/${demo()[0]?.ID}/close`,
    ]);
    expect(screen.getByTestId("polls-announcer")).toHaveTextContent("“Which topic first?” is closed.");
  });

  it("says why a poll cannot open", async () => {
    const server = servePolls(demo());
    server.answers.push({ status: 409, body: { Error: { Code: "POLL_INCOMPLETE", Message: "incomplete" } } });
    renderPolls();
    await userEvent.click(await screen.findByRole("button", { name: "Open now for “Lunch?”" }));
    expect(await screen.findByText("“Lunch?” was not changed. A poll needs a question and at least two options before it can open.")).toHaveAttribute("role", "alert");
  });

  it("refuses a poll without a question or with fewer than two options, before sending", async () => {
    const server = servePolls([]);
    renderPolls();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "New poll" }));
    const form = dialog();
    await user.click(form.getAllByRole("button", { name: /^Remove/ })[0] as HTMLElement);
    await user.click(form.getByRole("button", { name: "Save poll" }));
    expect(await form.findByText("Enter the question.")).toBeInTheDocument();
    expect(form.getByText("A poll needs at least two options.")).toBeInTheDocument();
    expect(form.getByText("Enter the option's text, or remove the option.")).toBeInTheDocument();
    await waitFor(() => expect(form.getByLabelText("Question")).toHaveFocus());
    expect(server.writes()).toEqual([]);
  });

  it("creates a poll: options added, reordered and removed, times in UTC, bound to a room", async () => {
    const server = servePolls([]);
    renderPolls();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "New poll" }));
    const form = dialog();
    await user.type(form.getByLabelText("Question"), "Which topic first?");
    await user.type(form.getByLabelText("Option 1"), "Networking");
    await user.type(form.getByLabelText("Option 2"), "Hybrid stages");
    await user.click(form.getByRole("button", { name: "Add option" }));
    await waitFor(() => expect(form.getByLabelText("Option 3")).toHaveFocus());
    await user.keyboard("Workshops");
    // The second goes first; the focus stays on the button that moved it.
    const up = form.getByRole("button", { name: "Move up option 2" });
    await user.click(up);
    await waitFor(() => expect(form.getByLabelText("Option 1")).toHaveValue("Hybrid stages"));
    await user.click(form.getByRole("button", { name: "Remove option 3" }));
    await waitFor(() => expect(form.getByLabelText("Option 2")).toHaveFocus());
    await user.click(form.getByLabelText("Several options"));
    await user.click(form.getByLabelText("Allow an “other” answer in the attendee's own words"));
    await user.selectOptions(form.getByLabelText("Results for attendees"), "closed");
    await user.type(form.getByLabelText("Closes at"), "2030-05-01T16:30");
    await user.click(form.getByLabelText("In a room"));
    await user.selectOptions(await form.findByLabelText("Room"), "lobby");
    await user.click(form.getByRole("button", { name: "Save poll" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(server.writes().map((c) => c.body)).toEqual([
      {
        InternalName: "",
        Title: "",
        Question: "Which topic first?",
        Options: [
          { ID: "o1", Text: "Hybrid stages" },
          { ID: "o2", Text: "Networking" },
        ],
        Multiple: true,
        AllowOther: true,
        AllowChange: true,
        Results: "closed",
        OpensAt: null,
        ClosesAt: "2030-05-01T14:30:00.000Z",
        PanoNodeID: "lobby",
        SessionID: null,
        IsActive: false,
      },
    ]);
    expect(toasts()).toContain("The poll “Which topic first?” was created.");
    expect(await screen.findByText("Room: Lobby")).toBeInTheDocument();
  });

  it("reorders options by keyboard drag; Escape cancels the drag, not the dialog", async () => {
    servePolls([]);
    renderPolls();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "New poll" }));
    const form = dialog();
    await user.type(form.getByLabelText("Option 1"), "First");
    await user.type(form.getByLabelText("Option 2"), "Second");
    // jsdom lays nothing out: give each row a place so the keyboard sensor can move.
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
      const li = this.closest("li");
      const place = li ? [...(li.parentElement?.children ?? [])].indexOf(li) : 0;
      return DOMRect.fromRect({ x: 0, y: place * 60, width: 600, height: 50 });
    });
    const handle = form.getByRole("button", { name: "Move option 1" });
    const key = async (code: string) => {
      fireEvent.keyDown(document.activeElement ?? handle, { code, key: code === "Space" ? " " : code });
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    };
    handle.focus();
    await key("Space");
    expect(screen.getByText("Picked up option 1 of 2.")).toBeInTheDocument();
    await key("ArrowDown");
    await key("Space");
    await waitFor(() => expect(form.getByLabelText("Option 1")).toHaveValue("Second"));
    form.getByRole("button", { name: "Move option 1" }).focus();
    await key("Space");
    await key("Escape");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(form.getByLabelText("Option 1")).toHaveValue("Second");
    expect(screen.getByText("Moving cancelled: the option stays at place 1 of 2.")).toBeInTheDocument();
    fireEvent.keyDown(form.getByRole("button", { name: "Move option 1" }), { code: "Escape", key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("edits a poll keeping its option IDs, and shows the server's refusal beside the field it names", async () => {
    const server = servePolls(demo());
    server.answers.push({ status: 422, body: { Error: { Code: "VALIDATION_ERROR", Message: "bad", Data: { Problems: [{ Name: "Options.1.Text" }] } } } });
    renderPolls();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit for “Which topic first?”" }));
    const form = dialog();
    expect(form.getByText("This poll has ballots already: changing or removing an option changes its results.")).toBeInTheDocument();
    await user.clear(form.getByLabelText("Option 2"));
    await user.type(form.getByLabelText("Option 2"), "Coffee");
    await user.click(form.getByRole("button", { name: "Save poll" }));
    await waitFor(() => expect(form.getByLabelText("Option 2")).toHaveAccessibleDescription("Some of the entries are not valid. Please check them."));
    expect(form.getByLabelText("Option 2")).toHaveFocus();
    expect(form.getByLabelText("Option 2")).toHaveValue("Coffee");
    await user.click(form.getByRole("button", { name: "Save poll" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const put = server.writes().at(-1);
    expect(put?.method).toBe("PUT");
    expect(put?.body).toMatchObject({ Options: [{ ID: "a", Text: "Hybrid stages" }, { ID: "b", Text: "Coffee" }], IsActive: true, PanoNodeID: "auditorium" });
  });

  it("shows live results that follow POLL_RESULTS_NOTIFY, keeping the newest AsOf", async () => {
    const polls = demo();
    const id = polls[0]?.ID ?? "";
    servePolls(polls);
    renderPolls();
    await userEvent.click(await screen.findByRole("button", { name: "Results for “Which topic first?”" }));
    const panel = within(screen.getByTestId("poll-results"));
    expect(panel.getByRole("heading", { name: "Results: Which topic first?" })).toHaveFocus();
    expect(panel.getByText("3 ballots")).toBeInTheDocument();
    const counts = () => panel.getAllByTestId("result-row").map((r) => r.textContent);
    expect(counts()).toEqual(["Hybrid stages133%", "Networking267%"]);
    await deliver("POLL_RESULTS_NOTIFY", tally(id, 4, [["a", 3], ["b", 1]], "2030-05-01T07:12:00Z"));
    expect(counts()).toEqual(["Hybrid stages375%", "Networking125%"]);
    expect(panel.getByText("4 ballots")).toBeInTheDocument();
    // A frame counted earlier, arriving late from another process, changes nothing.
    await deliver("POLL_RESULTS_NOTIFY", tally(id, 3, [["a", 2], ["b", 1]], "2030-05-01T07:11:00Z"));
    expect(counts()).toEqual(["Hybrid stages375%", "Networking125%"]);
    // Another event's frame is not ours.
    await deliver("POLL_RESULTS_NOTIFY", { ...tally(id, 9, [["a", 9]], "2030-05-01T08:00:00Z"), EventID: "x".repeat(24) });
    expect(panel.getByText("4 ballots")).toBeInTheDocument();
    expect(within(row("Which topic first?")).getByText("4")).toBeInTheDocument();
  });

  it("counts the “other” answers when the poll allows them, and says when there are no ballots", async () => {
    const polls = [poll(5, "Ideas?", { AllowOther: true, Tally: tally(`p${"5".padStart(23, "0")}`, 0, [], null) })];
    servePolls(polls);
    renderPolls();
    await userEvent.click(await screen.findByRole("button", { name: "Results for “Ideas?”" }));
    const panel = within(screen.getByTestId("poll-results"));
    expect(panel.getByText("0 ballots")).toBeInTheDocument();
    expect(panel.getByText("0 “other” answers")).toBeInTheDocument();
    expect(panel.getByText("No ballots yet. The results update here as they come in.")).toBeInTheDocument();
    await deliver("POLL_RESULTS_NOTIFY", tally(polls[0]?.ID ?? "", 2, [["a", 1]], "2030-05-01T07:00:00Z", 1));
    expect(panel.getByText("1 “other” answer")).toBeInTheDocument();
  });

  it("follows POLL_NOTIFY: a poll closed or deleted elsewhere", async () => {
    const polls = demo();
    servePolls(polls);
    renderPolls();
    await screen.findByText("Which topic first?");
    const first = polls[0] as PollView;
    await deliver("POLL_NOTIFY", noticeOf(first, { State: "closed" }));
    expect(within(row("Which topic first?")).getByText("Closed")).toBeInTheDocument();
    await deliver("POLL_NOTIFY", noticeOf(first, { Deleted: true }));
    expect(screen.queryByText("Which topic first?")).not.toBeInTheDocument();
  });

  it("exports the ballots as CSV with the console's token", async () => {
    writeItem("local", storageKeys.consoleJwt, "token-1");
    const server = servePolls(demo());
    const created = vi.fn(() => "blob:csv");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    renderPolls();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Results for “Which topic first?”" }));
    await user.click(screen.getByRole("button", { name: "Export ballots (CSV)" }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = server.calls.find((c) => c.path.endsWith("/ballots.csv"));
    expect(call?.path).toBe(`${BASE}/polls/${demo()[0]?.ID}/ballots.csv`);
    expect(call?.headers.Authorization).toBe("Bearer token-1");
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe("ballots.csv");
    expect(link.href).toBe("blob:csv");
  });

  it("says when the export fails", async () => {
    const server = servePolls(demo());
    renderPolls();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Results for “Which topic first?”" }));
    server.answers.push({ status: 403, body: { Error: { Code: "FORBIDDEN", Message: "no" } } });
    await user.click(screen.getByRole("button", { name: "Export ballots (CSV)" }));
    expect(await screen.findByText(/^The ballots could not be exported\./)).toHaveAttribute("role", "alert");
  });

  it("deletes a poll after asking", async () => {
    const server = servePolls(demo());
    renderPolls();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete for “Lunch?”" }));
    const confirm = within(screen.getByRole("alertdialog"));
    expect(confirm.getByText("The poll and its ballots (0) are deleted. This cannot be undone.")).toBeInTheDocument();
    expect(confirm.getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(confirm.getByRole("button", { name: "Delete poll" }));
    await waitFor(() => expect(screen.queryByText("Lunch?")).not.toBeInTheDocument());
    expect(server.writes().map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE ${BASE}/polls/${demo()[1]?.ID}`]);
    expect(toasts()).toContain("The poll “Lunch?” was deleted.");
    await waitFor(() => expect(screen.getByRole("heading", { name: "Polls" })).toHaveFocus());
  });
});
