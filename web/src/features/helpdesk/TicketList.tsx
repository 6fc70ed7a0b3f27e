/**
 * The attendee's own conversations, newest activity first: each a button with its topic, its
 * state in words (never colour alone), who is taking care of it, when something last happened,
 * and the unread count the chat keeps for its room.
 */
import { useDisplayZone } from "@/features/accounts";
import { useRoomUnread } from "@/features/chat";
import type { Ticket } from "./api";
import { type HelpdeskT, useHelpdeskT } from "./i18n";
import { activityAt } from "./model";
import { when } from "./when";

interface TicketListProps {
  tickets: readonly Ticket[];
  selectedID: string | null;
  onOpen: (ticket: Ticket) => void;
}

function Unread({ roomID, t }: { roomID: string; t: HelpdeskT }) {
  const unread = useRoomUnread(roomID);
  if (unread === 0) return null;
  return (
    <span className="helpdesk-unread">
      <span aria-hidden="true">{unread > 99 ? "99+" : unread}</span>
      <span className="visually-hidden">{t("list.unread", { count: unread })}</span>
    </span>
  );
}

export function TicketList({ tickets, selectedID, onOpen }: TicketListProps) {
  const { t, language } = useHelpdeskT();
  const zone = useDisplayZone();
  return (
    <ul className="helpdesk-tickets">
      {tickets.map((ticket) => (
        <li key={ticket.ID}>
          <button
            type="button"
            className="helpdesk-ticket"
            data-ticket={ticket.ID}
            data-state={ticket.State}
            aria-current={ticket.ID === selectedID ? "true" : undefined}
            onClick={() => onOpen(ticket)}
          >
            <span className="helpdesk-ticket__head">
              <span className="helpdesk-ticket__topic">{ticket.Topic}</span>
              <Unread roomID={ticket.ChatroomID} t={t} />
            </span>
            <span className="helpdesk-ticket__meta">
              <span className={`helpdesk-state helpdesk-state--${ticket.State}`}>{t(`mineStates.${ticket.State}`)}</span>
              <span>{ticket.Assignee ? t("list.with", { name: ticket.Assignee.Name }) : t("list.nobody")}</span>
            </span>
            <span className="helpdesk-ticket__when">{t("list.activity", { time: when(activityAt(ticket), language, zone) })}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
