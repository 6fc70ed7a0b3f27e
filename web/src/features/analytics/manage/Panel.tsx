/**
 * One block of the dashboard: a heading, the CSV download of its table when it has one, and
 * either its content or a line saying there is nothing yet.
 */
import type { ReactNode } from "react";
import type { CsvTable } from "./api";
import { CsvButton } from "./CsvButton";

interface PanelProps {
  heading: string;
  /** The table's CSV download, when it has one. */
  csv?: { eventId: string; table: CsvTable };
  /** Shown instead of the children when the block has no figures yet. */
  emptyText: string;
  empty: boolean;
  children: ReactNode;
  wide?: boolean;
}

export function Panel({ heading, csv, emptyText, empty, children, wide }: PanelProps) {
  return (
    <section className={wide ? "dash-panel dash-panel--wide" : "dash-panel"} aria-label={heading}>
      <header className="dash-panel__head">
        <h3>{heading}</h3>
        {csv ? <CsvButton eventId={csv.eventId} table={csv.table} name={heading} /> : null}
      </header>
      {empty ? <p className="muted dash-panel__empty">{emptyText}</p> : children}
    </section>
  );
}
