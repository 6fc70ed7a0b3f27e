import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addConsoleStrings } from "@/app/console/i18n";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { storageKeys, writeItem } from "@/lib/storage";
import { makeToken } from "@/test/tokens";
import type { Ticket } from "../api";
import { QUEUE_REREAD_MS } from "../live";
import { AGENT, ATTENDEE, BASE, chatMessage, EVENT, ME, people, ticket } from "../testing";
import { renderSection, serveDesk } from "./desk-test-utils";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

/** Bob, the organizer at the console, answers; Ada and Dan asked. */
const bob = people.agent;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000 - 5_000).toISOString();
const row = (topic: string) => within(screen.getByRole("button", { name: topic }).closest("tr") as HTMLElement);
const tab = (name: RegExp) => screen.getByRole("tab", { name });

function demo() {
  return [
    ticket("t1", { Topic: "No sound in the keynote", CreatedAt: minutesAgo(12), UpdatedAt: minutesAgo(12), LastMessageAt: minutesAgo(12) }),
    ticket("t2", { Topic: "Lost badge", Requester: people.attendee, CreatedAt: minutesAgo(5), UpdatedAt: minutesAgo(5), LastMessageAt: minutesAgo(5) }),
    ticket("t3", {
      Topic: "Slides of the talk",
      State: "waiting",
      Assignee: bob,
      LastMessageBy: "agent",
      CreatedAt: minutesAgo(40),
      FirstResponseAt: minutesAgo(33),
      UpdatedAt: minutesAgo(33),
      LastMessageAt: minutesAgo(33),
    }),
    ticket("t4", { Topic: "Wifi", State: "open", Assignee: people.otherAgent, Requester: people.attendee }),
  ];
}

beforeEach(async () => {
  await initI18n("en");
  addConsoleStrings();
  fakeRealtime.reset();
  writeItem("local", storageKeys.consoleJwt, makeToken({ event_id: EVENT, person_id: AGENT }));
});
afterEach(() => vi.unstubAllGlobals());

describe("the console's help desk", { timeout: 20_000 }, () => {
  it("shows the conversations by state with their counts, timings and who holds them, on a socket bound to the event", async () => {
    const connect = vi.spyOn(fakeRealtime, "connect");
    serveDesk(bob, demo());
    renderSection();
    expect(screen.getByRole("heading", { name: "Help desk", level: 2 })).toBeInTheDocument();
    expect(await screen.findByRole("tab", { name: "New 2" })).toHaveAttribute("aria-selected", "true");
    expect(tab(/^Mine/)).toHaveTextContent("Mine 1");
    expect(tab(/^Open/)).toHaveTextContent("Open 1");
    expect(tab(/^Waiting/)).toHaveTextContent("Waiting 1");
    expect(tab(/^Closed/)).toHaveTextContent("Closed 0");
    expect(connect).toHaveBeenCalledWith(expect.any(String), { eventId: EVENT });

    const table = screen.getByRole("table");
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Topic", "Attendee", "Claimed by", "State", "Waiting", "First response"]);
    // Who waits longest comes first.
    expect(within(table).getAllByRole("row").slice(1).map((r) => within(r).getAllByRole("cell")[0]?.textContent)).toEqual(["No sound in the keynote", "Lost badge"]);
    expect(row("No sound in the keynote").getByText("Ada Lovelace")).toBeInTheDocument();
    expect(row("No sound in the keynote").getByText("Nobody")).toBeInTheDocument();
    expect(row("No sound in the keynote").getByText("waiting 12 min")).toBeInTheDocument();
    expect(row("No sound in the keynote").getByText("not yet")).toBeInTheDocument();

    await userEvent.click(tab(/^Mine/));
    expect(await screen.findByRole("button", { name: "Slides of the talk" })).toBeInTheDocument();
    expect(row("Slides of the talk").getByText("Waiting for the attendee")).toBeInTheDocument();
    expect(row("Slides of the talk").getByText("answered")).toBeInTheDocument();
    expect(row("Slides of the talk").getByText("7 min")).toBeInTheDocument();
    // Arrow keys move between the tabs.
    await userEvent.keyboard("{ArrowRight}");
    expect(tab(/^Open/)).toHaveFocus();
    expect(await screen.findByRole("button", { name: "Wifi" })).toBeInTheDocument();
  });

  it("claims a conversation and answers it: Claim, then Send, the box taking the focus between", async () => {
    const room = demo()[0]?.ChatroomID ?? "";
    const server = serveDesk(bob, demo(), { [room]: [chatMessage(1, ME, room, "The keynote has no sound.")] });
    // As on the real server, the claim's frame arrives before its answer.
    server.beforeReply = (call, reply) => {
      if (call.path.endsWith("/claim")) act(() => fakeRealtime.deliver("HELPDESK_TICKET_NOTIFY", reply.body as Ticket));
    };
    renderSection();
    await userEvent.click(await screen.findByRole("button", { name: "No sound in the keynote" }));
    const detail = within(await screen.findByRole("region", { name: /^No sound in the keynote$/ }));
    expect(await detail.findByText("The keynote has no sound.")).toBeInTheDocument();
    expect(detail.getByText("Ada Lovelace")).toBeInTheDocument();
    expect(detail.getByText("Claim this conversation to answer it.")).toBeInTheDocument();
    expect(detail.queryByRole("textbox")).toBeNull();

    await userEvent.click(detail.getByRole("button", { name: "Claim" }));
    const box = await detail.findByRole("textbox", { name: "Your answer to Ada Lovelace" });
    await waitFor(() => expect(box).toHaveFocus());
    expect(detail.getByText("Claimed by you")).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === "POST" && c.path.endsWith("/t1/claim"))).toHaveLength(1);

    await userEvent.keyboard("We are on it: reload the stream, please.");
    await userEvent.click(detail.getByRole("button", { name: "Send answer" }));
    const [sent] = server.calls.filter((c) => c.method === "POST" && c.path.endsWith(`/chat-rooms/${room}/chat-messages`));
    expect(sent?.body).toMatchObject({ Text: "We are on it: reload the stream, please." });
    expect((sent?.body as { TmpID: string }).TmpID).toMatch(/\w{8,}/);
    expect(await detail.findByText("We are on it: reload the stream, please.")).toBeInTheDocument();
    expect(box).toHaveValue("");
    // The attendee's message is marked read for them, by the agent who holds the ticket.
    expect(server.calls.some((c) => c.method === "PUT" && c.path.endsWith(`/chat-rooms/${room}/chatpersonstatus`) && c.query.get("PersonID") === AGENT)).toBe(true);
  });

  it("says who holds a conversation before taking it over, and that a closed one must be reopened", async () => {
    serveDesk(bob, [...demo(), ticket("t5", { Topic: "Old question", State: "closed", Assignee: bob, ClosedAt: minutesAgo(1) })]);
    renderSection();
    await userEvent.click(await screen.findByRole("tab", { name: /^Open/ }));
    await userEvent.click(await screen.findByRole("button", { name: "Wifi" }));
    const wifi = within(await screen.findByRole("region", { name: /^Wifi$/ }));
    expect(wifi.getByText("Cara Clark has claimed it. Taking it over makes you the one who answers.")).toBeInTheDocument();
    expect(wifi.getByText("Cara Clark is answering this conversation. Take it over to answer it yourself.")).toBeInTheDocument();
    expect(wifi.getByRole("button", { name: "Take over" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("tab", { name: /^Closed/ }));
    await userEvent.click(await screen.findByRole("button", { name: "Old question" }));
    const old = within(await screen.findByRole("region", { name: /^Old question$/ }));
    expect(old.getByText("This conversation is closed. Reopen it to answer.")).toBeInTheDocument();
    expect(old.queryByRole("button", { name: "Claim" })).toBeNull();
    await userEvent.click(old.getByRole("button", { name: "Reopen" }));
    expect(await old.findByRole("textbox", { name: "Your answer to Ada Lovelace" })).toBeInTheDocument();
    expect(old.getByText("Open")).toBeInTheDocument();
  });

  it("says why a claim was refused", async () => {
    const server = serveDesk(bob, demo());
    renderSection();
    await userEvent.click(await screen.findByRole("button", { name: "Lost badge" }));
    const detail = within(await screen.findByRole("region", { name: /^Lost badge$/ }));
    await detail.findByText("Claim this conversation to answer it.");
    server.answers.push({ status: 409, body: { Error: { Code: "HELPDESK_TICKET_CLOSED", Message: "closed", Data: { TicketID: "t2" } } } });
    await userEvent.click(detail.getByRole("button", { name: "Claim" }));
    expect(await detail.findByRole("alert")).toHaveTextContent("This conversation is closed; reopen it to write again.");
  });

  it("follows the frames: a new conversation, a message in the open one, the counts after a burst", async () => {
    const room = demo()[2]?.ChatroomID ?? "";
    const server = serveDesk(bob, demo(), { [room]: [chatMessage(1, ME, room, "Where are the slides?"), chatMessage(2, AGENT, room, "Here.")] });
    renderSection();
    await screen.findByRole("tab", { name: "New 2" });

    const arriving = ticket("t9", { Topic: "Cannot log in", Requester: people.attendee });
    server.tickets = [...server.tickets, arriving];
    act(() => fakeRealtime.deliver("HELPDESK_TICKET_NOTIFY", arriving));
    expect(await screen.findByRole("button", { name: "Cannot log in" })).toBeInTheDocument();
    // The tab is read again once the burst is over, for its counts.
    await waitFor(() => expect(screen.getByRole("tab", { name: "New 3" })).toBeInTheDocument(), { timeout: QUEUE_REREAD_MS + 2000 });

    // The conversation Bob holds: a chat frame of its room comes in at once…
    await userEvent.click(tab(/^Mine/));
    await userEvent.click(await screen.findByRole("button", { name: "Slides of the talk" }));
    const detail = within(await screen.findByRole("region", { name: /^Slides of the talk$/ }));
    await detail.findByText("Here.");
    act(() => fakeRealtime.deliver("CHAT_MESSAGE_SEND_NOTIFY", chatMessage(3, ME, room, "Thanks!")));
    expect(await detail.findByText("Thanks!")).toBeInTheDocument();
    // …and one that came by no chat frame is read after the ticket frame that says it moved.
    const [t3] = server.tickets.filter((t) => t.ID === "t3");
    if (!t3) throw new Error("fixture");
    server.messages[room] = [...(server.messages[room] ?? []), chatMessage(3, ME, room, "Thanks!"), chatMessage(4, ATTENDEE, room, "One more thing")];
    act(() => fakeRealtime.deliver("HELPDESK_TICKET_NOTIFY", { ...t3, State: "open", LastMessageBy: "requester", LastMessageAt: new Date().toISOString(), UpdatedAt: new Date().toISOString() }));
    expect(await detail.findByText("One more thing")).toBeInTheDocument();
    const catchUp = server.calls.filter((c) => c.path.endsWith(`/chat-rooms/${room}/chat-messages/chronologically`) && c.query.get("IsAscending") === "true");
    expect(catchUp.at(-1)?.query.get("StartID")).toBe(chatMessage(3, ME, room).ID);
    expect(detail.getByText("Open")).toBeInTheDocument();
  });

  it("names agents by email address and removes them", async () => {
    const server = serveDesk(bob, []);
    server.people["dan@example.org"] = { ID: ATTENDEE };
    server.agents = [{ PersonID: ME, Name: "Ada Lovelace", Email: "ada@example.org", Picture: null }];
    renderSection();
    const panel = within(await screen.findByRole("region", { name: "Agents" }));
    expect(await panel.findByText("Ada Lovelace", { selector: "strong" })).toBeInTheDocument();

    const email = panel.getByRole("textbox", { name: "Email address of an attendee" });
    await userEvent.type(email, "not an address");
    await userEvent.click(panel.getByRole("button", { name: "Add agent" }));
    expect(await panel.findByText("Please enter a valid email address.")).toBeInTheDocument();

    await userEvent.clear(email);
    await userEvent.type(email, "nobody@example.org");
    await userEvent.click(panel.getByRole("button", { name: "Add agent" }));
    expect(await panel.findByText("Nobody with this email address is an attendee of the event.")).toBeInTheDocument();

    await userEvent.clear(email);
    await userEvent.type(email, " dan@example.org ");
    await userEvent.click(panel.getByRole("button", { name: "Add agent" }));
    expect(await panel.findByText("Person dan@example.org", { selector: "strong" })).toBeInTheDocument();
    expect(server.calls.find((c) => c.path === "/api/v1/personbyemail" && c.query.get("EMail") === "dan@example.org")).toBeDefined();
    expect(server.calls.some((c) => c.method === "PUT" && c.path === `${BASE}/helpdesk/agents/${ATTENDEE}`)).toBe(true);
    expect(panel.getByText("Person dan@example.org now answers at the help desk.")).toBeInTheDocument();

    await userEvent.click(panel.getByRole("button", { name: "Remove Ada Lovelace" }));
    await waitFor(() => expect(panel.queryByText("Ada Lovelace", { selector: "strong" })).toBeNull());
    expect(server.calls.some((c) => c.method === "DELETE" && c.path === `${BASE}/helpdesk/agents/${ME}`)).toBe(true);
    expect(screen.getByRole("heading", { name: "Agents" })).toHaveFocus();
  });

  it("axe finds nothing serious in the queue, a conversation and the Agents panel", async () => {
    const room = demo()[0]?.ChatroomID ?? "";
    serveDesk(bob, demo(), { [room]: [chatMessage(1, ME, room, "Hello")] });
    const { container } = renderSection();
    await userEvent.click(await screen.findByRole("button", { name: "No sound in the keynote" }));
    await screen.findByText("Hello");
    const result = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });
});
