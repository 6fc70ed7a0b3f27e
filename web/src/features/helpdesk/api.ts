/**
 * The help desk's calls (the contract shared with the server: docs/subsystems/web-helpdesk.md).
 * A ticket is a chat room of kind `support` plus its queue state; its messages are that room's
 * chat messages, read and written through the chat routes of the room. `request` sends the token
 * of the app it runs in (the attendee's, or the organizer's in the console), so the same calls
 * serve the attendee page, the agent desk in either app and the console's Agents panel.
 * Answers are typed, not re-checked: they come from our own server; the frames that update them
 * are checked by lib/realtime.
 */
import { useMemo } from "react";
import { request } from "@/lib/api-client";
import type { ChatMessage, HelpdeskPerson, HelpdeskState, HelpdeskTicket } from "@/lib/realtime";

export type Ticket = HelpdeskTicket;
export type TicketState = HelpdeskState;
export type TicketPerson = HelpdeskPerson;

/** The agent desk's tabs, in the order shown; each is a `View` of the queue call. */
export const QUEUE_VIEWS = ["new", "mine", "open", "waiting", "closed"] as const;
export type QueueView = (typeof QUEUE_VIEWS)[number];

export interface QueueCounts {
  New: number;
  Mine: number;
  Open: number;
  Waiting: number;
  Closed: number;
}

export interface Queue {
  Tickets: Ticket[];
  Counts: QueueCounts;
}

/** A person the organizers named to answer (the event's admins answer without being named). */
export interface Agent {
  PersonID: string;
  Name: string;
  Email: string;
  Picture: string | null;
}

/** How many tickets one queue read asks for: a busy desk's first hundred per tab. */
export const QUEUE_LIMIT = 100;
/** Messages per page of a conversation on the agent desk. */
export const MESSAGES_PAGE = 50;
/** Newer messages asked for at once when the desk catches up (the server's page limit). */
export const CATCH_UP_PAGE = 1000;

const enc = encodeURIComponent;
const desk = (eventID: string) => `/events/${enc(eventID)}/helpdesk`;
const ticketPath = (eventID: string, ticketID: string) => `${desk(eventID)}/tickets/${enc(ticketID)}`;
const messagesPath = (eventID: string, roomID: string) => `/events/${enc(eventID)}/chat-rooms/${enc(roomID)}/chat-messages`;

/**
 * Query keys. `root` is `["helpdesk"]` in the attendee app and `["manage", "helpdesk"]` in the
 * console, where every key starts with "manage" so that a logout drops them all.
 */
export function helpdeskKeys(root: readonly string[], eventID: string) {
  const all = [...root, eventID] as const;
  return {
    all,
    me: [...all, "me"] as const,
    mine: [...all, "mine"] as const,
    queues: [...all, "queue"] as const,
    queue: (view: QueueView) => [...all, "queue", view] as const,
    ticket: (ticketID: string) => [...all, "ticket", ticketID] as const,
    messages: (roomID: string) => [...all, "messages", roomID] as const,
    agents: [...all, "agents"] as const,
  };
}
export type HelpdeskKeys = ReturnType<typeof helpdeskKeys>;

/** The keys as one object per event and root, so hooks that depend on them do not re-run. */
export function useHelpdeskKeys(root: "attendee" | "console", eventID: string): HelpdeskKeys {
  return useMemo(() => helpdeskKeys(root === "console" ? ["manage", "helpdesk"] : ["helpdesk"], eventID), [root, eventID]);
}

export function openTicket(eventID: string, body: { Topic: string; Text: string; TmpID: string }): Promise<Ticket> {
  return request<Ticket>(`${desk(eventID)}/tickets`, { method: "POST", body });
}

export function myTickets(eventID: string, signal?: AbortSignal): Promise<Ticket[]> {
  return request<Ticket[]>(`${desk(eventID)}/tickets/mine`, { signal });
}

export function whoAmI(eventID: string, signal?: AbortSignal): Promise<{ IsAgent: boolean }> {
  return request<{ IsAgent: boolean }>(`${desk(eventID)}/me`, { signal });
}

export function getQueue(eventID: string, view: QueueView, signal?: AbortSignal): Promise<Queue> {
  return request<Queue>(`${desk(eventID)}/queue`, { query: { View: view, Limit: QUEUE_LIMIT }, signal });
}

export function getTicket(eventID: string, ticketID: string, signal?: AbortSignal): Promise<Ticket> {
  return request<Ticket>(ticketPath(eventID, ticketID), { signal });
}

export type TicketAction = "claim" | "close" | "reopen";

export function actOn(eventID: string, ticketID: string, action: TicketAction): Promise<Ticket> {
  return request<Ticket>(`${ticketPath(eventID, ticketID)}/${action}`, { method: "POST" });
}

export function listAgents(eventID: string, signal?: AbortSignal): Promise<Agent[]> {
  return request<Agent[]>(`${desk(eventID)}/agents`, { signal });
}

export function addAgent(eventID: string, personID: string): Promise<Agent> {
  return request<Agent>(`${desk(eventID)}/agents/${enc(personID)}`, { method: "PUT" });
}

export function removeAgent(eventID: string, personID: string): Promise<undefined> {
  return request<undefined>(`${desk(eventID)}/agents/${enc(personID)}`, { method: "DELETE" });
}

/**
 * A page of a conversation, oldest first (`…/chat-messages/chronologically`): without `StartID`
 * the newest `MaxCount`; with it, the `MaxCount` before it, or after it when `IsAscending`.
 * Agents read a ticket's room without being in it (the room kind's rule on the server).
 */
export function getMessages(eventID: string, roomID: string, query: { StartID?: string; MaxCount: number; IsAscending?: boolean }, signal?: AbortSignal): Promise<ChatMessage[]> {
  return request<ChatMessage[]>(`${messagesPath(eventID, roomID)}/chronologically`, { query, signal });
}

/** An agent's answer over REST; a retry with the same TmpID answers the stored message. */
export function sendMessage(eventID: string, roomID: string, body: { Text: string; TmpID: string }): Promise<ChatMessage> {
  return request<ChatMessage>(messagesPath(eventID, roomID), { method: "POST", body });
}

/** Marks the conversation read up to a message, so the attendee sees "Read" under it. */
export function markRead(eventID: string, roomID: string, personID: string, messageID: string): Promise<unknown> {
  return request<unknown>(`/events/${enc(eventID)}/chat-rooms/${enc(roomID)}/chatpersonstatus`, {
    method: "PUT",
    query: { PersonID: personID, LastReadChatMessageID: messageID },
  });
}
