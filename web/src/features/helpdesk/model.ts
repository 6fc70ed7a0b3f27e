/**
 * The help desk's pure rules, kept apart from the components so they are unit-tested with plain
 * objects: which queue tab a ticket belongs to and in which order, a frame merged into a cached
 * list without letting an older copy win, the desk's two timings, and a conversation's messages
 * merged by id.
 */
import type { ChatMessage } from "@/lib/realtime";
import type { QueueView, Ticket } from "./api";

const time = (iso: string | null): number => (iso ? Date.parse(iso) : Number.NaN);

/** When anything last happened to the ticket: its last message, or a later claim, close or reopen. */
export function activityAt(ticket: Ticket): number {
  return Math.max(time(ticket.LastMessageAt) || 0, time(ticket.UpdatedAt) || 0);
}

/** The attendee's own list: newest activity first, as the server answers it. */
export function sortMine(tickets: readonly Ticket[]): Ticket[] {
  return [...tickets].sort((a, b) => activityAt(b) - activityAt(a));
}

/** Whether a ticket belongs on a tab of the agent desk (the server's rule for `View`). */
export function inView(ticket: Ticket, view: QueueView, me: string): boolean {
  switch (view) {
    case "mine":
      return ticket.Assignee?.ID === me && (ticket.State === "open" || ticket.State === "waiting");
    default:
      return ticket.State === view;
  }
}

/**
 * A tab's order: who has waited longest comes first where an agent owes something (new, open);
 * newest first elsewhere (closed ones by when they were closed).
 */
export function sortView(tickets: readonly Ticket[], view: QueueView): Ticket[] {
  const sorted = [...tickets];
  if (view === "new" || view === "open") sorted.sort((a, b) => time(a.LastMessageAt) - time(b.LastMessageAt));
  else if (view === "closed") sorted.sort((a, b) => (time(b.ClosedAt) || activityAt(b)) - (time(a.ClosedAt) || activityAt(a)));
  else sorted.sort((a, b) => time(b.LastMessageAt) - time(a.LastMessageAt));
  return sorted;
}

/**
 * Whether `incoming` may replace `known`: frames and REST answers of several server processes can
 * cross, so a copy older than the one shown never wins (an equal one may: it is the same change).
 */
export function isNotOlder(incoming: Ticket, known: Ticket | undefined): boolean {
  if (!known) return true;
  return !(time(incoming.UpdatedAt) < time(known.UpdatedAt));
}

/** The list with `ticket` in place of its older copy (or added), re-sorted; older copies are ignored. */
export function upsert(list: readonly Ticket[], ticket: Ticket, sort: (tickets: readonly Ticket[]) => Ticket[]): Ticket[] {
  const known = list.find((t) => t.ID === ticket.ID);
  if (!isNotOlder(ticket, known)) return [...list];
  return sort([...list.filter((t) => t.ID !== ticket.ID), ticket]);
}

/**
 * A tab's cached tickets after a ticket changed: in it (replaced or added, in the tab's order) if
 * it now belongs there, out of it otherwise. The counts come with the next read of the queue.
 */
export function withQueueTicket(list: readonly Ticket[], ticket: Ticket, view: QueueView, me: string): Ticket[] {
  const known = list.find((t) => t.ID === ticket.ID);
  if (!isNotOlder(ticket, known)) return [...list];
  if (!inView(ticket, view, me)) return list.filter((t) => t.ID !== ticket.ID);
  return upsert(list, ticket, (tickets) => sortView(tickets, view));
}

/** How long the requester has been waiting for an answer (they spoke last), or null. */
export function waitingMs(ticket: Ticket, now: number): number | null {
  if (ticket.State === "closed" || ticket.LastMessageBy !== "requester") return null;
  return Math.max(0, now - time(ticket.LastMessageAt));
}

/** How long the first answer took (FirstResponseAt − CreatedAt), or null before any. */
export function firstResponseMs(ticket: Ticket): number | null {
  if (!ticket.FirstResponseAt) return null;
  return Math.max(0, time(ticket.FirstResponseAt) - time(ticket.CreatedAt));
}

export type Duration = { unit: "seconds" } | { unit: "minutes"; minutes: number } | { unit: "hours"; hours: number; minutes: number } | { unit: "days"; days: number; hours: number };

/** A duration as a person reads it: under a minute, minutes, hours and minutes, days and hours. */
export function duration(ms: number): Duration {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return { unit: "seconds" };
  if (minutes < 60) return { unit: "minutes", minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: "hours", hours, minutes: minutes % 60 };
  return { unit: "days", days: Math.floor(hours / 24), hours: hours % 24 };
}

/**
 * A conversation's messages with `incoming` merged in by id (a later copy wins: an edit), deleted
 * or hidden ones dropped, oldest first (ids of one room are time-ordered).
 */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byID = new Map(current.map((m) => [m.ID, m] as const));
  for (const message of incoming) {
    if (message.IsDeletedByAuthor || message.IsBanned) byID.delete(message.ID);
    else byID.set(message.ID, message);
  }
  return [...byID.values()].sort((a, b) => (a.ID < b.ID ? -1 : a.ID > b.ID ? 1 : 0));
}
