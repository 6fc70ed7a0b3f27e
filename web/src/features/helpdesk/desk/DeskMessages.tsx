/**
 * A conversation's messages as the agent reads them: who wrote (the attendee, you, the agent who
 * claimed it, or "Help desk" for an earlier one), when, and the text as the chat renders it (plain
 * text with safe links). Earlier pages on demand. While the agent holds the ticket and the page
 * is visible, the attendee's newest message is marked read, so the attendee sees "Read" under it.
 */
import { useEffect, useLayoutEffect, useRef } from "react";
import { useDisplayZone } from "@/features/accounts";
import { MessageText } from "@/features/chat";
import type { ChatMessage } from "@/lib/realtime";
import { markRead, type Ticket } from "../api";
import { type HelpdeskT, useHelpdeskT } from "../i18n";
import { when } from "../when";
import type { useConversation } from "./use-conversation";

interface DeskMessagesProps {
  eventID: string;
  me: string;
  ticket: Ticket;
  conversation: ReturnType<typeof useConversation>;
}

function senderName(message: ChatMessage, ticket: Ticket, me: string, t: HelpdeskT): string {
  if (message.SenderID === ticket.Requester.ID) return ticket.Requester.Name;
  if (message.SenderID === me) return t("ticket.you");
  if (message.SenderID === ticket.Assignee?.ID) return ticket.Assignee.Name;
  return t("ticket.agent");
}

/** Marks the attendee's newest message read once per message, only while it can be seen. */
function useMarkRead(eventID: string, me: string, ticket: Ticket, messages: readonly ChatMessage[]): void {
  const marked = useRef<string | null>(null);
  const newest = [...messages].reverse().find((m) => m.SenderID === ticket.Requester.ID)?.ID ?? null;
  const holding = ticket.Assignee?.ID === me;
  useEffect(() => {
    if (!holding || !newest || marked.current === newest) return;
    if (typeof document !== "undefined" && document.visibilityState === "hidden") return;
    marked.current = newest;
    // Only receipts: a failure is logged and the next message tries again.
    markRead(eventID, ticket.ChatroomID, me, newest).catch((error: unknown) => console.warn("helpdesk: read receipt failed", error));
  }, [eventID, holding, me, newest, ticket.ChatroomID]);
}

export function DeskMessages({ eventID, me, ticket, conversation }: DeskMessagesProps) {
  const { t, language } = useHelpdeskT();
  const zone = useDisplayZone();
  const { query, loadEarlier, loadingEarlier } = conversation;
  const messages = query.data?.messages ?? [];
  const list = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  useMarkRead(eventID, me, ticket, messages);

  // New messages scroll into view unless the agent scrolled up to read earlier ones.
  useLayoutEffect(() => {
    const element = list.current;
    if (element && stick.current) element.scrollTop = element.scrollHeight;
  }, [messages.length]);

  if (query.isPending) return <p role="status">{t("ticket.loading")}</p>;
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="helpdesk-failure">
        <p>{t("ticket.loadFailed")}</p>
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          {t("desk.retry")}
        </button>
      </div>
    );
  }
  return (
    <div
      className="helpdesk-messages"
      ref={list}
      tabIndex={0}
      role="region"
      aria-label={t("ticket.messages", { topic: ticket.Topic })}
      onScroll={() => {
        const element = list.current;
        if (element) stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
      }}
    >
      {query.data?.earlier ? (
        <button
          type="button"
          className="link-button helpdesk-earlier"
          aria-disabled={loadingEarlier || undefined}
          onClick={() => {
            stick.current = false;
            void loadEarlier();
          }}
        >
          {t("ticket.earlier")}
        </button>
      ) : null}
      <ol className="helpdesk-message-list">
        {messages.map((message) => {
          const fromAttendee = message.SenderID === ticket.Requester.ID;
          return (
            <li key={message.ID} className={`helpdesk-message${fromAttendee ? "" : " helpdesk-message--agent"}`} data-message={message.ID}>
              <p className="helpdesk-message__meta">
                <strong>{senderName(message, ticket, me, t)}</strong> <time dateTime={message.CreatedAt}>{when(message.CreatedAt, language, zone)}</time>
              </p>
              <p className="helpdesk-message__text">
                <MessageText text={message.Text} />
              </p>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
