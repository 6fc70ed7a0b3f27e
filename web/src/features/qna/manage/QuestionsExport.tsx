/**
 * "Export questions (CSV)": every question of the session with its author, for the organizers'
 * records (`GET /events/{E}/sessions/{S}/questions.csv`, organizers only), fetched with the
 * console's token and saved as a download. A failure is said beside the button, which keeps
 * the focus.
 */
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { downloadFile } from "@/lib/download";
import { errorMessageKey } from "@/lib/errors";
import { readItem, storageKeys } from "@/lib/storage";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { useQnaT } from "./qna-manage-i18n";

export const questionsCsvPath = (eventId: string, sessionId: string) =>
  `/events/${encodeURIComponent(eventId)}/sessions/${encodeURIComponent(sessionId)}/questions.csv`;

export function QuestionsExport({ eventId, sessionId }: { eventId: string; sessionId: string }) {
  const t = useQnaT();
  const { t: tc } = useTranslation();
  const exporting = useSubmitLock();
  const [failure, setFailure] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  const run = () =>
    void exporting.run(async () => {
      setFailure(null);
      try {
        await downloadFile({
          path: questionsCsvPath(eventId, sessionId),
          // The shell keeps the console's token under this key (app/console/session.ts).
          token: readItem("local", storageKeys.consoleJwt),
          type: "text/csv",
          fallbackName: `questions-${sessionId}.csv`,
        });
      } catch (error) {
        setFailure(t("exportFailed", { reason: tc(errorMessageKey(error)) }));
        button.current?.focus();
      }
    });

  return (
    <div className="qna-export">
      <button ref={button} type="button" className="button button--secondary" aria-disabled={exporting.busy || undefined} onClick={run}>
        {exporting.busy ? t("exporting") : t("exportQuestions")}
      </button>
      {failure ? (
        <p role="alert" className="qna-failure">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
