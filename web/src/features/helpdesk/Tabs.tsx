/**
 * An ARIA tablist (the page's My questions / Agent desk, the desk's queue tabs): one tab in the
 * tab order, arrow keys, Home and End move between them and select. Each tab controls the one
 * panel the caller renders with `panelId`, labelled by the selected tab (`tabId`).
 */
import { type KeyboardEvent, type ReactNode, useRef } from "react";

export interface TabsProps<T extends string> {
  label: string;
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  /** What a tab shows: its name, and a count if the caller adds one. */
  render: (tab: T) => ReactNode;
  idBase: string;
}

export const tabId = (idBase: string, tab: string) => `${idBase}-tab-${tab}`;
export const panelId = (idBase: string) => `${idBase}-panel`;

export function Tabs<T extends string>({ label, tabs, selected, onSelect, render, idBase }: TabsProps<T>) {
  const refs = useRef<Partial<Record<string, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(selected);
    const last = tabs.length - 1;
    const target =
      event.key === "ArrowRight" ? (index + 1) % tabs.length : event.key === "ArrowLeft" ? (index + last) % tabs.length : event.key === "Home" ? 0 : event.key === "End" ? last : -1;
    const next = tabs[target];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(next);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="helpdesk-tabs" onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab}
          ref={(element) => {
            refs.current[tab] = element;
          }}
          type="button"
          role="tab"
          id={tabId(idBase, tab)}
          aria-selected={tab === selected}
          aria-controls={panelId(idBase)}
          tabIndex={tab === selected ? 0 : -1}
          onClick={() => onSelect(tab)}
        >
          {render(tab)}
        </button>
      ))}
    </div>
  );
}
