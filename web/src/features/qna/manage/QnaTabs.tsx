/**
 * The queue's tabs (Pending, Visible, Answered, Hidden, each with its count): the shared ARIA
 * tablist (components/Tabs.tsx) controlling the queue's panel, `panelId("qna")`.
 */
import { Tabs } from "@/components/Tabs";
import { useQnaT } from "./qna-manage-i18n";
import { TABS, type QnaTab } from "./qna-model";

export const TABS_ID = "qna";

export interface QnaTabsProps {
  tab: QnaTab;
  counts: Record<QnaTab, number> | null;
  onChange: (tab: QnaTab) => void;
}

export function QnaTabs({ tab, counts, onChange }: QnaTabsProps) {
  const t = useQnaT();
  return (
    <Tabs
      label={t("tabs.label")}
      tabs={TABS}
      selected={tab}
      onSelect={onChange}
      idBase={TABS_ID}
      className="console-tabs qna-tabs"
      render={(name) => (counts ? t(`tabs.${name}Count`, { n: counts[name] }) : t(`tabs.${name}`))}
    />
  );
}
