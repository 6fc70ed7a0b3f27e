/**
 * A tab's conversations as a table (TanStack Table, like the console's other tables): the topic
 * (a button that opens it), the attendee, who claimed it, its state in words, how long the
 * attendee has been waiting for an answer ("waiting 12 min", while they spoke last) and how long
 * the first answer took. It scrolls sideways in its own focusable region on a narrow screen.
 */
import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { useNow } from "@/lib/use-now";
import { QUEUE_LIMIT, type QueueView, type Ticket } from "../api";
import { durationText, useHelpdeskT } from "../i18n";
import { firstResponseMs, waitingMs } from "../model";
import { DataTable } from "@/components/DataTable";

/** Waiting times move on by the minute. */
const CLOCK_MS = 30_000;

const features = tableFeatures({});
const column = createColumnHelper<typeof features, Ticket>();

interface QueueTableProps {
  tickets: Ticket[];
  view: QueueView;
  selectedID: string | null;
  onSelect: (ticket: Ticket) => void;
}

export function QueueTable({ tickets, view, selectedID, onSelect }: QueueTableProps) {
  const { t } = useHelpdeskT();
  const now = useNow(CLOCK_MS);
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor("Topic", {
          header: () => t("desk.topic"),
          cell: (info) => (
            <button type="button" className="link-button helpdesk-open" aria-current={info.row.original.ID === selectedID ? "true" : undefined} onClick={() => onSelect(info.row.original)}>
              {info.getValue()}
            </button>
          ),
        }),
        column.display({ id: "requester", header: () => t("desk.requester"), cell: (info) => info.row.original.Requester.Name }),
        column.display({
          id: "assignee",
          header: () => t("desk.assignee"),
          cell: (info) => info.row.original.Assignee?.Name ?? <span className="muted">{t("desk.nobody")}</span>,
        }),
        column.accessor("State", {
          header: () => t("desk.state"),
          cell: (info) => <span className={`helpdesk-state helpdesk-state--${info.getValue()}`}>{t(`deskStates.${info.getValue()}`)}</span>,
        }),
        column.display({
          id: "waiting",
          header: () => t("desk.waitingFor"),
          cell: (info) => {
            const ms = waitingMs(info.row.original, now);
            return ms === null ? <span className="muted">{t("desk.answered")}</span> : <strong>{t("desk.waitingTime", { time: durationText(t, ms) })}</strong>;
          },
        }),
        column.display({
          id: "firstResponse",
          header: () => t("desk.firstResponse"),
          cell: (info) => {
            const ms = firstResponseMs(info.row.original);
            return ms === null ? <span className="muted">{t("desk.notYet")}</span> : durationText(t, ms);
          },
        }),
      ]),
    [t, now, selectedID, onSelect],
  );
  const table = useTable({ features, columns, data: tickets, getRowId: (row) => row.ID });
  return (
    <>
      <div className="helpdesk-table-scroll" role="region" aria-label={t("desk.table", { view: t(`desk.${view}`) })} tabIndex={0}>
        <DataTable table={table} className="helpdesk-table" rowProps={(row) => ({ "data-ticket": row.id, className: row.id === selectedID ? "helpdesk-row--selected" : undefined })} />
      </div>
      {tickets.length >= QUEUE_LIMIT ? <p className="muted small">{t("desk.first", { count: QUEUE_LIMIT })}</p> : null}
    </>
  );
}
