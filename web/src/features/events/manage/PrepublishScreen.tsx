/**
 * The organizer console's pre-publish check (`/manage/events/:eventId/check`, under the event's
 * page heading, so its own heading is an h2): `GET /events/{EventID}/prepublish-check` runs when
 * the screen opens and again on demand, never by itself (each run fetches the event's embedded
 * pages and counts against the server's 20 runs per person per minute). A summary (errors,
 * warnings, notes; "ready to list" without errors), then the findings grouped by severity with the
 * screen that fixes each (PrepublishFindings). The outcome of every run is announced.
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api-client";
import { errorMessageKey } from "@/lib/errors";
import { PrepublishFindings, SeverityIcon } from "./PrepublishFindings";
import { usePrepublishCheck, type PrepublishReport } from "./prepublish-api";
import { addPrepublishStrings } from "./prepublish-i18n";

/** Seconds until the server takes another run, from a 429's `Data.RetryAfterSeconds`. */
function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const seconds = (error.data as { RetryAfterSeconds?: unknown } | null)?.RetryAfterSeconds;
  return typeof seconds === "number" && seconds > 0 ? Math.ceil(seconds) : null;
}

export function PrepublishScreen({ eventId }: { eventId: string }) {
  addPrepublishStrings();
  const { t } = useTranslation("prepublish");
  const { t: tc } = useTranslation();
  const query = usePrepublishCheck(eventId);
  const { data, error, isFetching, dataUpdatedAt, errorUpdatedAt, refetch } = query;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After "Try again" worked, the button is gone: the focus goes to the heading.
  const retried = useRef(false);
  const summary = data ? summaryText(data, t) : "";

  useEffect(() => {
    if (dataUpdatedAt && retried.current) {
      retried.current = false;
      headingRef.current?.focus();
    }
  }, [dataUpdatedAt]);

  const run = () => {
    if (isFetching) return;
    if (!data) retried.current = true;
    void refetch();
  };

  const failed = query.isError && !isFetching;
  const wait = failed ? retryAfterSeconds(error) : null;
  // What the live region says: that a run started, then its result (a failure is an alert).
  const announcement = isFetching ? t("running") : failed ? "" : summary ? t("announceDone", { summary }) : "";

  return (
    // Not a landmark of its own: the console's event page already wraps it in a region named
    // after the section.
    <div className="prepublish-screen">
      <h2 ref={headingRef} tabIndex={-1}>
        {t("title")}
      </h2>
      <p className="muted">{t("intro")}</p>
      {/* Always in the page, so what is put in it is announced. */}
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="prepublish-announcer">
        <span key={`${dataUpdatedAt}-${String(isFetching)}`}>{announcement}</span>
      </div>

      {data ? (
        <div className="prepublish-actions">
          <button type="button" className="button" aria-disabled={isFetching} onClick={run}>
            {isFetching ? t("running") : t("rerun")}
          </button>
          {isFetching ? <span className="muted small">{t("loading")}</span> : null}
        </div>
      ) : null}

      {isFetching && !data ? <p className="prepublish-loading" role="status">{t("loading")}</p> : null}

      {failed ? (
        // Keyed by the failure, so a second refusal in a row is announced again.
        <div key={errorUpdatedAt} role="alert" className="prepublish-failure">
          <p>
            <strong>{t("loadFailed")}</strong> {tc(errorMessageKey(error))}
            {wait ? ` ${t("retryIn", { count: wait })}` : ""}
          </p>
          {data ? <p className="small">{t("previousResult")}</p> : null}
          {!data ? (
            <button type="button" className="button" onClick={run}>
              {tc("common.retry")}
            </button>
          ) : null}
        </div>
      ) : null}

      {data ? <PrepublishResult report={data} eventId={eventId} busy={isFetching} /> : null}
    </div>
  );
}

type T = ReturnType<typeof useTranslation<"prepublish">>["t"];

function notesOf(report: PrepublishReport): number {
  return report.Findings.filter((f) => f.Severity === "info").length;
}

function verdictOf(report: PrepublishReport, t: T): string {
  if (report.Findings.length === 0) return t("allClear");
  return report.Errors === 0 ? t("ready") : t("notReady");
}

function summaryText(report: PrepublishReport, t: T): string {
  const counts = [t("errors", { count: report.Errors }), t("warnings", { count: report.Warnings }), t("notes", { count: notesOf(report) })];
  return `${counts.join(", ")}. ${verdictOf(report, t)}`;
}

function PrepublishResult({ report, eventId, busy }: { report: PrepublishReport; eventId: string; busy: boolean }) {
  const { t, i18n } = useTranslation("prepublish");
  const ready = report.Errors === 0;
  const checked = new Date(report.CheckedAt);
  const time = Number.isNaN(checked.getTime())
    ? report.CheckedAt
    : new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "medium" }).format(checked);
  return (
    <div className="prepublish-result" aria-busy={busy}>
      <div className="prepublish-summary">
        <p className={`prepublish-verdict prepublish-verdict--${ready ? "ready" : "blocked"}`} data-testid="prepublish-verdict">
          {ready ? <CheckIcon /> : <SeverityIcon severity="error" />}
          <span>{verdictOf(report, t)}</span>
        </p>
        <ul className="prepublish-summary__counts" aria-label={t("summaryLabel")} data-testid="prepublish-counts">
          <li>
            <strong>{t("errors", { count: report.Errors })}</strong>
          </li>
          <li>{t("warnings", { count: report.Warnings })}</li>
          <li>{t("notes", { count: notesOf(report) })}</li>
        </ul>
        <p className="small muted">{t("checkedAt", { time })}</p>
      </div>
      <PrepublishFindings findings={report.Findings} eventId={eventId} headingLevel={3} />
    </div>
  );
}

function CheckIcon() {
  return (
    <svg className="prepublish-icon prepublish-icon--ready" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="7.5" fill="currentColor" />
      <path d="M4.5 8.2l2.3 2.3 4.7-4.9" stroke="#fff" strokeWidth="1.8" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
