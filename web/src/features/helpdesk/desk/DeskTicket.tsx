/**
 * The conversation an agent chose: its topic (a heading that takes the focus when chosen), who
 * asked, its state, who holds it, and the actions — Claim (nobody holds it), Take over (a
 * colleague does: said before the click), Close, Reopen — then its messages and the answer box.
 * The ticket is the cached copy the frames keep current; an action's answer goes into every
 * cached copy at once and the tabs are read again for their counts.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type RefObject, useEffect, useRef, useState } from "react";
import { LoadState } from "@/components/LoadState";
import { useDisplayZone } from "@/features/accounts";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { actOn, getTicket, type HelpdeskKeys, type TicketAction } from "../api";
import { isStatus } from "../errors";
import { useHelpdeskT, useRefusalText } from "../i18n";
import { applyTicket } from "../live";
import { when } from "../when";
import { AnswerBox } from "./AnswerBox";
import { DeskMessages } from "./DeskMessages";
import { useConversation } from "./use-conversation";

interface DeskTicketProps {
  eventID: string;
  me: string;
  ticketID: string;
  keys: HelpdeskKeys;
  headingRef: RefObject<HTMLHeadingElement | null>;
  headingLevel: 2 | 3;
}

const DONE = { claim: "ticket.claimed", close: "ticket.closedNow", reopen: "ticket.reopenedNow" } as const;

export function DeskTicket({ eventID, me, ticketID, keys, headingRef, headingLevel }: DeskTicketProps) {
  const { t, language } = useHelpdeskT();
  const refusal = useRefusalText();
  const zone = useDisplayZone();
  const client = useQueryClient();
  // Frames keep the copy current; it is read again only when the socket reopens.
  const query = useQuery({ queryKey: keys.ticket(ticketID), queryFn: ({ signal }) => getTicket(eventID, ticketID, signal), staleTime: Infinity });
  const ticket = query.data;
  const conversation = useConversation(eventID, ticket?.ChatroomID ?? "", keys);
  const { busy, run } = useSubmitLock();
  const [pending, setPending] = useState<TicketAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [said, setSaid] = useState({ id: 0, text: "" });
  const answerField = useRef<HTMLTextAreaElement>(null);
  // After one's own claim the answer box takes the focus — once it is on screen, which is when the
  // cached ticket names this agent: the claim's answer or its frame, whichever comes first (the
  // frame often does), so the wish is made before the request goes out.
  const focusAnswer = useRef(false);
  const holding = ticket?.Assignee?.ID === me && ticket.State !== "closed";
  useEffect(() => {
    if (!holding || !focusAnswer.current) return;
    focusAnswer.current = false;
    answerField.current?.focus();
  }, [holding]);

  if (!ticket) return <LoadState query={query} loadingText={t("ticket.loading")} failedText={t("ticket.loadFailed")} />;

  const act = (action: TicketAction) =>
    void run(async () => {
      setPending(action);
      setFailure(null);
      focusAnswer.current = action === "claim";
      try {
        const next = await actOn(eventID, ticket.ID, action);
        applyTicket(client, keys, next, me);
        void client.invalidateQueries({ queryKey: keys.queues });
        setSaid((s) => ({ id: s.id + 1, text: t(DONE[action], { topic: next.Topic }) }));
      } catch (error) {
        focusAnswer.current = false;
        setFailure(t("ticket.failed", { reason: refusal(error) }));
        // Closed or gone meanwhile: show what is true now.
        if (isStatus(error, 409) || isStatus(error, 404)) void client.invalidateQueries({ queryKey: keys.ticket(ticket.ID) });
      } finally {
        setPending(null);
      }
    });

  const closed = ticket.State === "closed";
  const mine = ticket.Assignee?.ID === me;
  const holder = ticket.Assignee && !mine ? ticket.Assignee.Name : null;
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <section className="helpdesk-ticket-detail" aria-labelledby={`helpdesk-desk-${ticket.ID}`} data-desk-ticket={ticket.ID}>
      <Heading id={`helpdesk-desk-${ticket.ID}`} ref={headingRef} tabIndex={-1}>
        {ticket.Topic}
      </Heading>
      <p className="helpdesk-ticket-detail__facts">
        <span>{t("ticket.from", { name: ticket.Requester.Name })}</span>
        <span className={`helpdesk-state helpdesk-state--${ticket.State}`}>{t(`deskStates.${ticket.State}`)}</span>
        <span>{mine ? t("ticket.claimedByYou") : ticket.Assignee ? t("ticket.claimedBy", { name: ticket.Assignee.Name }) : t("ticket.unclaimed")}</span>
        <span>{t("ticket.opened", { time: when(ticket.CreatedAt, language, zone) })}</span>
        {ticket.ReopenCount > 0 ? <span>{t("ticket.reopened", { count: ticket.ReopenCount })}</span> : null}
      </p>
      {holder && !closed ? <p className="small">{t("ticket.takeOverHint", { name: holder })}</p> : null}
      <p className="helpdesk-actions">
        {!closed && !mine ? (
          <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => act("claim")}>
            {pending === "claim" ? t("ticket.working") : holder ? t("ticket.takeOver") : t("ticket.claim")}
          </button>
        ) : null}
        <button type="button" className="button button--secondary" aria-disabled={busy || undefined} onClick={() => act(closed ? "reopen" : "close")}>
          {pending === "close" || pending === "reopen" ? t("ticket.working") : closed ? t("ticket.reopen") : t("ticket.close")}
        </button>
      </p>
      {failure ? (
        <p className="helpdesk-failure" role="alert">
          {failure}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        <span key={said.id}>{said.text}</span>
      </p>
      <DeskMessages eventID={eventID} me={me} ticket={ticket} conversation={conversation} />
      <AnswerBox eventID={eventID} me={me} ticket={ticket} merge={conversation.merge} fieldRef={answerField} />
    </section>
  );
}
