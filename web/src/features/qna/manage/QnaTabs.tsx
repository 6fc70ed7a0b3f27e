/**
 * The queue's tabs (Pending, Visible, Answered, Hidden, each with its count) as an ARIA tablist:
 * arrow keys move between them (and select, as the events list's tabs do), Home and End jump to
 * the ends; only the selected tab is in the Tab order.
 */
import { useRef, type KeyboardEvent } from "react";
import { useQnaT } from "./qna-manage-i18n";
import { TABS, type QnaTab } from "./qna-model";

export interface QnaTabsProps {
  tab: QnaTab;
  counts: Record<QnaTab, number> | null;
  panelId: string;
  onChange: (tab: QnaTab) => void;
}

export const tabId = (tab: QnaTab) => `qna-tab-${tab}`;

export function QnaTabs({ tab, counts, panelId, onChange }: QnaTabsProps) {
  const t = useQnaT();
  const refs = useRef<Partial<Record<QnaTab, HTMLButtonElement | null>>>({});
  const onKeyDown = (e: KeyboardEvent) => {
    const index = TABS.indexOf(tab);
    const last = TABS.length - 1;
    const target = { ArrowRight: (index + 1) % TABS.length, ArrowLeft: (index + last) % TABS.length, Home: 0, End: last }[e.key];
    const next = target === undefined ? undefined : TABS[target];
    if (!next) return;
    e.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={t("tabs.label")} className="console-tabs qna-tabs" onKeyDown={onKeyDown}>
      {TABS.map((name) => (
        <button
          key={name}
          ref={(el) => {
            refs.current[name] = el;
          }}
          type="button"
          role="tab"
          id={tabId(name)}
          aria-selected={name === tab}
          aria-controls={panelId}
          tabIndex={name === tab ? 0 : -1}
          onClick={() => onChange(name)}
        >
          {counts ? t(`tabs.${name}Count`, { n: counts[name] }) : t(`tabs.${name}`)}
        </button>
      ))}
    </div>
  );
}
