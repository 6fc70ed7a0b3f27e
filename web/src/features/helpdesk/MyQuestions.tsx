/**
 * The attendee's side of the help desk: ask a question, see one's conversations, open one. On a
 * wide screen the form and the list stand beside the open conversation; on a phone the open
 * conversation takes their place, with a way back. Opening a conversation moves the
 * focus to its heading; going back returns it to the conversation's entry in the list.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { LoadState } from "@/components/LoadState";
import { type HelpdeskKeys, myTickets, type Ticket } from "./api";
import { Conversation } from "./Conversation";
import { useHelpdeskT } from "./i18n";
import { applyTicket, useTicketFrames } from "./live";
import { NewTicketForm } from "./NewTicketForm";
import { rememberTickets } from "./notify";
import { NotifyButton } from "./NotifyButton";
import { TicketList } from "./TicketList";

type Focus = { kind: "heading" } | { kind: "entry"; ticketID: string } | null;

export function MyQuestions({ eventID, me, keys }: { eventID: string; me: string; keys: HelpdeskKeys }) {
  const { t } = useHelpdeskT();
  const client = useQueryClient();
  const query = useQuery({ queryKey: keys.mine, queryFn: ({ signal }) => myTickets(eventID, signal) });
  useTicketFrames(eventID, me, keys, false);
  const [selectedID, setSelectedID] = useState<string | null>(null);
  const [sent, setSent] = useState({ id: 0, text: "" });
  const heading = useRef<HTMLHeadingElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const focus = useRef<Focus>(null);
  const [focusTick, setFocusTick] = useState(0);

  useEffect(() => {
    if (query.data) rememberTickets(query.data);
  }, [query.data]);

  // Focus moves once the view it goes to is on screen.
  useEffect(() => {
    const target = focus.current;
    focus.current = null;
    if (target?.kind === "heading") heading.current?.focus();
    else if (target?.kind === "entry") (document.querySelector<HTMLElement>(`[data-ticket="${target.ticketID}"]`) ?? listHeading.current)?.focus();
  }, [focusTick]);

  const open = (ticket: Ticket) => {
    setSelectedID(ticket.ID);
    focus.current = { kind: "heading" };
    setFocusTick((n) => n + 1);
  };
  const back = () => {
    if (selectedID) focus.current = { kind: "entry", ticketID: selectedID };
    setSelectedID(null);
    setFocusTick((n) => n + 1);
  };

  const tickets = query.data ?? [];
  const selected = tickets.find((ticket) => ticket.ID === selectedID) ?? null;

  return (
    <div className={`helpdesk-mine${selected ? " helpdesk-mine--reading" : ""}`}>
      <div className="helpdesk-mine__side">
        <NotifyButton />
        <NewTicketForm
          eventID={eventID}
          onOpened={(ticket) => {
            // Into the list at once: the frame that also says so may come before or after.
            client.setQueryData<Ticket[]>(keys.mine, (list) => list ?? []);
            applyTicket(client, keys, ticket, me);
            rememberTickets([ticket]);
            setSent((s) => ({ id: s.id + 1, text: t("form.sent") }));
            open(ticket);
          }}
        />
        <p className="visually-hidden" role="status">
          <span key={sent.id}>{sent.text}</span>
        </p>
        <section className="helpdesk-list" aria-labelledby="helpdesk-list-title">
          <h2 id="helpdesk-list-title" ref={listHeading} tabIndex={-1}>
            {t("list.title")}
          </h2>
          <LoadState query={query} loadingText={t("list.loading")} failedText={t("list.loadFailed")} focusAfterRetry={listHeading} />
          {query.data && tickets.length === 0 ? <p className="muted">{t("list.empty")}</p> : null}
          {tickets.length > 0 ? <TicketList tickets={tickets} selectedID={selectedID} onOpen={open} /> : null}
        </section>
      </div>
      <div className="helpdesk-mine__main">
        {selected ? (
          <Conversation key={selected.ID} eventID={eventID} me={me} ticket={selected} keys={keys} headingRef={heading} onBack={back} />
        ) : (
          <p className="helpdesk-empty helpdesk-mine__placeholder">{t("list.pick")}</p>
        )}
      </div>
    </div>
  );
}
