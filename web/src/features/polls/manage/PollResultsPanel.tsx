/**
 * A poll's live results: the ballots counted, the "other" answers, and one bar per option.
 *
 * The chart is a table we draw ourselves (docs/subsystems/console-interaction.md, "Why no chart
 * library"): each row is the option, its count and its share, and the share cell carries a CSS
 * bar. Screen readers read a plain data table; the bars are decoration (`aria-hidden`) beside the
 * numbers they repeat. uPlot, the project's chart library, draws time series on a canvas, which
 * fits neither a handful of categories nor a table a screen reader can walk.
 *
 * The tally comes from the cached poll list, which POLL_RESULTS_NOTIFY keeps current (the newest
 * `AsOf` wins, poll-cache.ts), so the view updates as ballots arrive without asking the server.
 */
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import type { PollView } from "./api";
import { downloadBallotsCsv } from "./ballots-csv";
import { formatInZone } from "./event-time";
import { usePollsT } from "./polls-manage-i18n";
import { formatShare, resultRows } from "./results-model";

export interface PollResultsPanelProps {
  eventId: string;
  poll: PollView;
  timeZone: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onClose: () => void;
}

export function PollResultsPanel({ eventId, poll, timeZone, headingRef, onClose }: PollResultsPanelProps) {
  const t = usePollsT();
  const { t: tc, i18n } = useTranslation();
  const exporting = useSubmitLock();
  const [exportError, setExportError] = useState<string | null>(null);
  const exportButton = useRef<HTMLButtonElement>(null);
  const tally = poll.Tally;
  const ballots = tally?.Ballots ?? 0;
  const rows = resultRows(poll, tally);
  const headingId = `poll-results-${poll.ID}`;

  const exportCsv = () =>
    void exporting.run(async () => {
      setExportError(null);
      try {
        await downloadBallotsCsv(eventId, poll.ID);
      } catch (error) {
        setExportError(t("results.exportFailed", { reason: tc(errorMessageKey(error)) }));
        exportButton.current?.focus();
      }
    });

  return (
    <section className="polls-results" aria-labelledby={headingId} data-testid="poll-results">
      <div className="polls-results__head">
        <h3 id={headingId} ref={headingRef} tabIndex={-1}>
          {t("results.title", { question: poll.Question })}
        </h3>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t("results.close")}
        </button>
      </div>
      <p className="small muted">
        {t(`results.mode.${poll.Results}`)} {t(poll.ResultsVisible ? "results.seenNow" : "results.notSeenNow")}
      </p>
      <p className="polls-results__summary">
        <strong>{t("results.ballots", { count: ballots })}</strong>
        {poll.AllowOther ? <span>{t("results.other", { count: tally?.Other ?? 0 })}</span> : null}
      </p>
      {ballots === 0 ? <p className="polls-empty">{t("results.none")}</p> : null}
      <table className="console-table polls-chart">
        <caption className="visually-hidden">{t("results.caption", { question: poll.Question })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("results.option")}</th>
            <th scope="col">{t("results.votes")}</th>
            <th scope="col">{t("results.share")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="result-row">
              <th scope="row">{row.text}</th>
              <td className="polls-chart__count">{row.count}</td>
              <td className="polls-chart__share">
                <span className="polls-bar" aria-hidden="true">
                  <span className="polls-bar__fill" style={{ width: `${(row.share * 100).toFixed(1)}%` }} />
                </span>
                <span>{formatShare(row.share, i18n.language)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {poll.Multiple ? <p className="small muted">{t("results.multipleNote")}</p> : null}
      {tally?.AsOf ? <p className="small muted">{t("results.asOf", { time: formatInZone(tally.AsOf, timeZone) })}</p> : null}
      <p>
        <button ref={exportButton} type="button" className="button button--secondary" aria-disabled={exporting.busy || undefined} onClick={exportCsv}>
          {exporting.busy ? t("results.exporting") : t("results.export")}
        </button>
      </p>
      {exportError ? (
        <p role="alert" className="polls-failure">
          {exportError}
        </p>
      ) : null}
    </section>
  );
}
