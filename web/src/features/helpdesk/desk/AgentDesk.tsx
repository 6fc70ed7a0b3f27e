/**
 * The agent desk: the event's conversations by state in tabs with their counts (New, Mine, Open,
 * Waiting, Closed: `GET …/helpdesk/queue?View=`), the tab's conversations as a table, and the one
 * chosen beside it (below it on a narrow screen) with its messages, the agent's actions and the
 * answer box. One component for two places: the console's Help desk section and, for named agents,
 * the attendee's help desk page; the host opens the socket and reads everything again when it
 * reopens, the desk follows the ticket frames itself.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { LoadState } from "@/components/LoadState";
import { getQueue, type HelpdeskKeys, QUEUE_VIEWS, type QueueCounts, type QueueView, type Ticket } from "../api";
import { useHelpdeskT } from "../i18n";
import { useTicketFrames } from "../live";
import { isNotOlder } from "../model";
import { panelId, tabId, Tabs } from "@/components/Tabs";
import { DeskTicket } from "./DeskTicket";
import { QueueTable } from "./QueueTable";

const COUNT_OF: Record<QueueView, keyof QueueCounts> = { new: "New", mine: "Mine", open: "Open", waiting: "Waiting", closed: "Closed" };

export interface AgentDeskProps {
  eventID: string;
  /** The signed-in agent: their claims are "Mine" and they may answer only those. */
  me: string;
  keys: HelpdeskKeys;
  /** The level of the chosen conversation's heading under the host's own headings. */
  headingLevel?: 2 | 3;
}

export function AgentDesk({ eventID, me, keys, headingLevel = 2 }: AgentDeskProps) {
  const { t } = useHelpdeskT();
  const client = useQueryClient();
  const idBase = useId();
  const [view, setView] = useState<QueueView>("new");
  const [selectedID, setSelectedID] = useState<string | null>(null);
  const [counts, setCounts] = useState<QueueCounts | null>(null);
  const ticketHeading = useRef<HTMLHeadingElement>(null);
  const [focusTick, setFocusTick] = useState(0);
  const queue = useQuery({ queryKey: keys.queue(view), queryFn: ({ signal }) => getQueue(eventID, view, signal) });
  useTicketFrames(eventID, me, keys, true);

  // The counts of the last read stay on the tabs while another tab is being read (state adjusted
  // while rendering, React's pattern for a value derived from the previous one).
  const freshCounts = queue.data?.Counts;
  if (freshCounts && freshCounts !== counts) setCounts(freshCounts);

  useEffect(() => {
    if (focusTick > 0) ticketHeading.current?.focus();
  }, [focusTick]);

  const select = (ticket: Ticket) => {
    // The row is a recent copy: shown at once, and kept current by frames from now on.
    client.setQueryData<Ticket>(keys.ticket(ticket.ID), (known) => (isNotOlder(ticket, known) ? ticket : known));
    setSelectedID(ticket.ID);
    setFocusTick((n) => n + 1);
  };

  const tickets = queue.data?.Tickets ?? [];
  return (
    <div className="helpdesk-desk" data-desk>
      <p className="helpdesk-intro">{t("desk.intro")}</p>
      <Tabs
        label={t("desk.views")}
        tabs={QUEUE_VIEWS}
        selected={view}
        onSelect={setView}
        idBase={idBase}
        className="helpdesk-tabs"
        render={(tab) => (
          <>
            {t(`desk.${tab}`)} <span className="helpdesk-count">{counts ? counts[COUNT_OF[tab]] : ""}</span>
          </>
        )}
      />
      <div className="helpdesk-desk__body">
        <div role="tabpanel" id={panelId(idBase)} aria-labelledby={tabId(idBase, view)} aria-busy={queue.isFetching} className="helpdesk-desk__queue">
          <LoadState query={queue} loadingText={t("desk.loading")} failedText={t("desk.loadFailed")} />
          {queue.data && tickets.length === 0 ? <p className="helpdesk-empty">{t("desk.empty")}</p> : null}
          {tickets.length > 0 ? <QueueTable tickets={tickets} view={view} selectedID={selectedID} onSelect={select} /> : null}
        </div>
        <div className="helpdesk-desk__ticket">
          {selectedID ? (
            <DeskTicket key={selectedID} eventID={eventID} me={me} ticketID={selectedID} keys={keys} headingRef={ticketHeading} headingLevel={headingLevel} />
          ) : (
            <p className="helpdesk-empty">{t("desk.pick")}</p>
          )}
        </div>
      </div>
    </div>
  );
}

export default AgentDesk;
