/**
 * "Download CSV" for one table of the dashboard: fetched with the console's token and saved as a
 * download (`lib/download.ts`). A failure is said beside the button, which keeps the focus.
 */
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { downloadCsv, type CsvTable } from "./api";

export function CsvButton({ eventId, table, name }: { eventId: string; table: CsvTable; name: string }) {
  const { t } = useTranslation("console");
  const { t: tc } = useTranslation();
  const lock = useSubmitLock();
  const [failure, setFailure] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  const run = () =>
    void lock.run(async () => {
      setFailure(null);
      try {
        await downloadCsv(eventId, table);
      } catch (error) {
        setFailure(t("dashboard.csvFailed", { reason: tc(errorMessageKey(error)) }));
        button.current?.focus();
      }
    });

  return (
    <div className="dash-csv">
      <button
        ref={button}
        type="button"
        className="button button--secondary"
        aria-disabled={lock.busy || undefined}
        data-csv={table}
        onClick={run}
      >
        {lock.busy ? t("dashboard.csvBusy") : t("dashboard.csv")}
        {/* Six such buttons: the table's name tells them apart for screen readers. */}
        <span className="visually-hidden">{`: ${name}`}</span>
      </button>
      {failure ? (
        <p role="alert" className="dash-failure">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
