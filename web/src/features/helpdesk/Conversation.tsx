/**
 * One of the attendee's conversations: its topic as a heading (which takes the focus when it is
 * opened), its state in words, who is taking care of it, Close or Reopen, and the messages — the
 * chat's own room view for the ticket's room, so messages arrive live and are marked read as
 * everywhere in the chat. A closed conversation says so where the message box would be.
 */
import { useQueryClient } from "@tanstack/react-query";
import { type RefObject, useEffect, useState } from "react";
import { RoomChat } from "@/features/chat";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { actOn, type HelpdeskKeys, type Ticket } from "./api";
import { useHelpdeskT, useRefusalText } from "./i18n";
import { applyTicket } from "./live";
import { setViewing } from "./notify";

interface ConversationProps {
  eventID: string;
  me: string;
  ticket: Ticket;
  keys: HelpdeskKeys;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onBack: () => void;
}

export function Conversation({ eventID, me, ticket, keys, headingRef, onBack }: ConversationProps) {
  const { t } = useHelpdeskT();
  const refusal = useRefusalText();
  const client = useQueryClient();
  const { busy, run } = useSubmitLock();
  const [said, setSaid] = useState({ id: 0, text: "" });
  const [failure, setFailure] = useState<string | null>(null);
  const closed = ticket.State === "closed";
  const roomID = ticket.ChatroomID;

  // Answers in the conversation on screen need no desktop notification.
  useEffect(() => {
    setViewing(roomID);
    return () => setViewing(null);
  }, [roomID]);

  const act = (action: "close" | "reopen") =>
    void run(async () => {
      setFailure(null);
      try {
        applyTicket(client, keys, await actOn(eventID, ticket.ID, action), me);
        setSaid((s) => ({ id: s.id + 1, text: t(action === "close" ? "conversation.closedNow" : "conversation.reopenedNow") }));
      } catch (error) {
        setFailure(t("conversation.failed", { reason: refusal(error) }));
      }
    });

  return (
    <section className="helpdesk-conversation" aria-labelledby={`helpdesk-conversation-${ticket.ID}`} data-conversation={ticket.ID}>
      <p className="helpdesk-back">
        <button type="button" className="link-button" onClick={onBack}>
          {t("conversation.back")}
        </button>
      </p>
      <h2 id={`helpdesk-conversation-${ticket.ID}`} ref={headingRef} tabIndex={-1}>
        {ticket.Topic}
      </h2>
      <p className="helpdesk-conversation__state">
        <span className={`helpdesk-state helpdesk-state--${ticket.State}`}>{t("conversation.state", { state: t(`mineStates.${ticket.State}`) })}</span>{" "}
        {closed ? null : ticket.Assignee ? t("conversation.with", { name: ticket.Assignee.Name }) : t("conversation.nobody")}
      </p>
      <p className="helpdesk-actions">
        <button type="button" className={closed ? "button" : "button button--secondary"} aria-disabled={busy || undefined} onClick={() => act(closed ? "reopen" : "close")}>
          {closed ? t("conversation.reopen") : t("conversation.close")}
        </button>
      </p>
      {failure ? (
        <p className="helpdesk-failure" role="alert">
          {failure}
        </p>
      ) : null}
      {/* Always in the page, so what is put in it is announced. */}
      <p className="visually-hidden" role="status">
        <span key={said.id}>{said.text}</span>
      </p>
      <section className="helpdesk-chat" aria-label={t("conversation.chat", { topic: ticket.Topic })}>
        <RoomChat roomID={roomID} title={ticket.Topic} showTitle={false} locked={closed ? t("conversation.closed") : null} />
      </section>
    </section>
  );
}
