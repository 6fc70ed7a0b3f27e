/**
 * An ARIA tablist of buttons, shared by the screens that switch one panel between views (the
 * console's upcoming/past events, the Q&A queue, the help desk's views): only the selected tab
 * is in the Tab order; arrow keys, Home and End move between tabs and select. Each tab controls
 * the one panel the caller renders with id `panelId(idBase)`, labelled by `tabId(idBase, tab)`.
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
  className?: string;
}

export const tabId = (idBase: string, tab: string) => `${idBase}-tab-${tab}`;
export const panelId = (idBase: string) => `${idBase}-panel`;

/** The tab an arrow, Home or End key moves to from `index`, or -1 for any other key. */
function targetOf(key: string, index: number, count: number): number {
  const last = count - 1;
  if (key === "ArrowRight") return (index + 1) % count;
  if (key === "ArrowLeft") return (index + last) % count;
  if (key === "Home") return 0;
  if (key === "End") return last;
  return -1;
}

export function Tabs<T extends string>({ label, tabs, selected, onSelect, render, idBase, className }: TabsProps<T>) {
  const refs = useRef<Partial<Record<string, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabs[targetOf(event.key, tabs.indexOf(selected), tabs.length)];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(next);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
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
