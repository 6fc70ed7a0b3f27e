/**
 * The help desk kept current: HELPDESK_TICKET_NOTIFY (opcode 43, a ticket after every change)
 * goes into whatever the page has cached — the attendee's own list, the agent desk's tabs, an
 * open ticket — and a ticket whose `LastMessageAt` moved has its messages read again (an agent
 * who has not claimed it is not in its room, so no chat frame brought them). Frames only signal
 * (architecture.md §5): when the socket (re)opens everything is read again, and the desk's tabs
 * are read again shortly after a burst of frames, for their counts and the server's order.
 */
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { realtime } from "@/lib/realtime";
import { useCoalescedReread } from "@/lib/use-coalesced-reread";
import { type HelpdeskKeys, QUEUE_VIEWS, type Queue, type Ticket } from "./api";
import { isNotOlder, sortMine, upsert, withQueueTicket } from "./model";

/** How long the desk waits after a ticket frame before reading its tab again (once per burst). */
export const QUEUE_REREAD_MS = 1000;

/**
 * A ticket as changed (by a frame, or by the answer to one's own claim, close or reopen) put into
 * every cached copy. Returns whether its last message moved, so the caller can fetch it.
 */
export function applyTicket(client: QueryClient, keys: HelpdeskKeys, ticket: Ticket, me: string): boolean {
  const known = client.getQueryData<Ticket>(keys.ticket(ticket.ID));
  const moved = known !== undefined && known.LastMessageAt !== ticket.LastMessageAt;
  if (isNotOlder(ticket, known)) client.setQueryData<Ticket>(keys.ticket(ticket.ID), ticket);
  if (ticket.Requester.ID === me) {
    client.setQueryData<Ticket[]>(keys.mine, (list) => (list ? upsert(list, ticket, sortMine) : list));
  }
  for (const view of QUEUE_VIEWS) {
    client.setQueryData<Queue>(keys.queue(view), (queue) => (queue ? { ...queue, Tickets: withQueueTicket(queue.Tickets, ticket, view, me) } : queue));
  }
  return moved;
}

/** Ticket frames of this event into the caches; with `desk`, the tabs are read again after a burst. */
export function useTicketFrames(eventID: string, me: string, keys: HelpdeskKeys, desk: boolean): void {
  const client = useQueryClient();
  const reread = useCoalescedReread(QUEUE_REREAD_MS);
  useEffect(
    () =>
      realtime.subscribe("HELPDESK_TICKET_NOTIFY", (ticket) => {
        if (ticket.EventID !== eventID) return;
        if (applyTicket(client, keys, ticket, me)) void client.invalidateQueries({ queryKey: keys.messages(ticket.ChatroomID) });
        if (desk) reread(keys.queues);
      }),
    [client, eventID, me, keys, desk, reread],
  );
}

/** Everything of the help desk read again whenever the attendee's socket (re)opens. */
export function useRereadOnReconnect(keys: HelpdeskKeys): void {
  const client = useQueryClient();
  useEffect(
    () =>
      realtime.onStateChange((state) => {
        if (state === "open") void client.invalidateQueries({ queryKey: keys.all });
      }),
    [client, keys],
  );
}
