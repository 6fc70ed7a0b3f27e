/**
 * The chosen hunt's leaderboard for organizers: the first 50 rows with real names (a name hidden
 * from attendees is marked so), kept live by the section (board-frames.ts), and "Export CSV" —
 * every ranked person with email address, score, finds and when they scored
 * (`GET …/rankings.csv`), fetched with the console's token like the Q&A export and saved as a
 * download. A failure is said beside the button.
 */
import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadState } from "@/components/LoadState";
import { downloadFile } from "@/lib/download";
import { errorMessageKey } from "@/lib/errors";
import { readItem, storageKeys } from "@/lib/storage";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { CONSOLE_BOARD, getRankings, type Hunt, type HuntKeys, rankingsCsvPath } from "../api";
import { useManageT } from "./i18n";

export function RankingsPanel({ eventId, hunt, keys }: { eventId: string; hunt: Hunt; keys: HuntKeys }) {
  const t = useManageT();
  const { t: shared } = useTranslation();
  const headingId = useId();
  const board = useQuery({ queryKey: keys.board(hunt.ID), queryFn: ({ signal }) => getRankings(eventId, hunt.ID, CONSOLE_BOARD, signal) });
  const exporting = useSubmitLock();
  const [failure, setFailure] = useState<string | null>(null);
  const exportButton = useRef<HTMLButtonElement>(null);
  const rows = board.data ?? [];

  const exportCsv = () =>
    void exporting.run(async () => {
      setFailure(null);
      try {
        await downloadFile({
          path: rankingsCsvPath(eventId, hunt.ID),
          // The shell keeps the console's token under this key (app/console/session.ts).
          token: readItem("local", storageKeys.consoleJwt),
          type: "text/csv",
          fallbackName: `treasure-hunt-${hunt.ID}.csv`,
        });
      } catch (error) {
        setFailure(t("board.exportFailed", { reason: shared(errorMessageKey(error)) }));
        exportButton.current?.focus();
      }
    });

  return (
    <section className="hunt-panel" aria-labelledby={headingId}>
      <div className="hunt-panel__head">
        <h3 id={headingId}>{t("board.title")}</h3>
        <div className="hunt-actions">
          <button ref={exportButton} type="button" className="button" aria-disabled={exporting.busy || undefined} onClick={exportCsv}>
            {exporting.busy ? t("board.exporting") : t("board.export")}
          </button>
        </div>
      </div>
      {failure ? (
        <p role="alert" className="hunt-failure">
          {failure}
        </p>
      ) : null}
      <LoadState query={board} loadingText={t("board.loading")} failedText={t("board.loadFailed")} />
      {board.data && rows.length === 0 ? <p className="hunt-empty">{t("board.empty")}</p> : null}
      {rows.length > 0 ? (
        <div className="hunt-table-wrap">
          <table className="hunt-table">
            <thead>
              <tr>
                <th scope="col">{t("board.rank")}</th>
                <th scope="col">{t("board.name")}</th>
                <th scope="col">{t("board.score")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.PersonID} data-person={row.PersonID}>
                  <td>{row.Rank}</td>
                  <th scope="row">
                    {row.FullName} {row.Hidden ? <span className="small muted">({t("board.hidden")})</span> : null}
                  </th>
                  <td>{row.Score}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {rows.length >= CONSOLE_BOARD ? <p className="small muted">{t("board.showing", { count: CONSOLE_BOARD })}</p> : null}
    </section>
  );
}
