/**
 * The event's days as a tab list (WAI-ARIA tabs pattern): one tab in the tab order, arrow keys
 * move between days (and select, as the lists are cheap to show), Home and End jump to the first
 * and last day. A single-day event gets no tabs at all.
 */
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import type { AgendaDay } from "./days";
import { useAgendaT } from "./i18n";

export interface DayTabsProps {
  days: readonly AgendaDay[];
  selected: number;
  onSelect: (day: number) => void;
  /** Unique per panel: the ids tie the tabs to the panel. */
  idBase: string;
  children: ReactNode;
}

const tabID = (idBase: string, day: number) => `${idBase}-day-${day}`;

export function DayTabs({ days, selected, onSelect, idBase, children }: DayTabsProps) {
  const { t } = useAgendaT();
  const list = useRef<HTMLDivElement>(null);
  if (days.length <= 1) return <div className="agenda__day-panel">{children}</div>;

  const move = (day: number) => {
    onSelect(day);
    list.current?.ownerDocument.getElementById(tabID(idBase, day))?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const index = days.findIndex((d) => d.number === selected);
    const last = days.length - 1;
    const target =
      e.key === "ArrowRight" ? (index + 1) % days.length
      : e.key === "ArrowLeft" ? (index - 1 + days.length) % days.length
      : e.key === "Home" ? 0
      : e.key === "End" ? last
      : null;
    const day = target === null ? undefined : days[target];
    if (!day) return;
    e.preventDefault();
    move(day.number);
  };

  return (
    <>
      <div ref={list} className="agenda-days" role="tablist" aria-label={t("days.label")} onKeyDown={onKeyDown}>
        {days.map((day) => (
          <button
            key={day.number}
            id={tabID(idBase, day.number)}
            type="button"
            role="tab"
            className="agenda-days__tab"
            aria-selected={day.number === selected}
            aria-controls={`${idBase}-panel`}
            tabIndex={day.number === selected ? 0 : -1}
            onClick={() => onSelect(day.number)}
          >
            <span className="agenda-days__name">{t("days.day", { day: day.number })}</span>
            {/* The space keeps "Day 1 01.03.2026" two words in the tab's accessible name. */}
            {day.date ? " " : null}
            {day.date ? <span className="agenda-days__date">{day.date}</span> : null}
          </button>
        ))}
      </div>
      <div id={`${idBase}-panel`} className="agenda__day-panel" role="tabpanel" aria-labelledby={tabID(idBase, selected)} tabIndex={0}>
        {children}
      </div>
    </>
  );
}
