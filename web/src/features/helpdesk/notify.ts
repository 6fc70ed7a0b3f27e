/**
 * Desktop notifications of answers: an agent's message in one of the attendee's own help desk
 * conversations (CHAT_MESSAGE_SEND_NOTIFY of a ticket's room, from someone else) shows a
 * notification when the browser allows it and the attendee is not looking at that conversation
 * (the tab is hidden, or another view is on screen). The chat notifies of broadcast messages only,
 * and the chat panel does not list support rooms, so without this an answer would go unseen.
 *
 * Which rooms are the attendee's own tickets is learnt from the tickets the page read and from
 * HELPDESK_TICKET_NOTIFY, which the server sends to the requester after every message that moves
 * the ticket. A message of a room not known yet is held for a moment: the ticket frame that
 * follows it says whose ticket it is. So nothing is read over REST for this, on any page.
 *
 * Started (counted) by the venue frame for the whole visit and by the help desk page.
 */
import { type ChatMessage, realtime } from "@/lib/realtime";
import type { Ticket } from "./api";
import { helpdeskT } from "./i18n";

/** How long a message of an unknown room waits for its ticket frame. */
export const HOLD_MS = 3000;
const PREVIEW_LENGTH = 120;

const own = new Map<string, Ticket>();
const held = new Map<string, { message: ChatMessage; at: number }>();
let viewing: string | null = null;
let me: string | null = null;
let starts = 0;
let stops: (() => void)[] = [];

export function notificationsAllowed(): boolean {
  return typeof Notification !== "undefined" && Notification.permission === "granted";
}

/** The conversation on screen (its chat room), or null: its answers need no notification. */
export function setViewing(roomID: string | null): void {
  viewing = roomID;
}

/** The attendee's own tickets as the page read them. */
export function rememberTickets(tickets: readonly Ticket[]): void {
  for (const ticket of tickets) if (ticket.Requester.ID === me) own.set(ticket.ChatroomID, ticket);
}

function lookingAt(roomID: string): boolean {
  return typeof document !== "undefined" && document.visibilityState === "visible" && viewing === roomID;
}

/** Plain text: link markdown reduced to its label, one line, cut at 120 characters. */
function preview(text: string): string {
  const plain = text.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/\s+/g, " ").trim();
  const chars = Array.from(plain);
  return chars.length > PREVIEW_LENGTH ? `${chars.slice(0, PREVIEW_LENGTH - 1).join("")}…` : plain;
}

function show(message: ChatMessage, ticket: Ticket): void {
  if (!notificationsAllowed() || message.SenderID === me || lookingAt(message.ChatroomID)) return;
  const t = helpdeskT();
  const sender = ticket.Assignee?.ID === message.SenderID ? ticket.Assignee.Name : t("notify.agent");
  try {
    // Notification text is plain text by definition: nothing in it is interpreted as markup.
    const notification = new Notification(ticket.Topic ? t("notify.title", { topic: ticket.Topic }) : t("notify.titleUnknown"), {
      body: `${sender}: ${preview(message.Text)}`,
      // One notification per message, however many tabs of the attendee receive it.
      tag: message.ID,
    });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  } catch (error) {
    console.warn("helpdesk: notification failed", error);
  }
}

function onMessage(message: ChatMessage): void {
  if (!notificationsAllowed() || message.SenderID === me) return;
  const ticket = own.get(message.ChatroomID);
  if (ticket) {
    show(message, ticket);
    return;
  }
  // Possibly a ticket this page has not seen yet: keep the newest message per room a moment.
  const now = Date.now();
  for (const [roomID, entry] of held) if (now - entry.at > HOLD_MS) held.delete(roomID);
  held.set(message.ChatroomID, { message, at: now });
}

function onTicket(ticket: Ticket): void {
  if (ticket.Requester.ID !== me) return;
  own.set(ticket.ChatroomID, ticket);
  const waiting = held.get(ticket.ChatroomID);
  held.delete(ticket.ChatroomID);
  if (waiting && Date.now() - waiting.at <= HOLD_MS) show(waiting.message, ticket);
}

/** Starts listening for the signed-in attendee; returns the stop (the last stop ends it). */
export function startAnswerNotifier(person: string): () => void {
  if (starts === 0 || me !== person) {
    for (const stop of stops) stop();
    own.clear();
    held.clear();
    me = person;
    stops = [realtime.subscribe("CHAT_MESSAGE_SEND_NOTIFY", onMessage), realtime.subscribe("HELPDESK_TICKET_NOTIFY", onTicket)];
  }
  starts += 1;
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    starts -= 1;
    if (starts > 0) return;
    for (const stop of stops) stop();
    stops = [];
    own.clear();
    held.clear();
    me = null;
  };
}
