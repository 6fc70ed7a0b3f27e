/**
 * `/manage/event-requests` (master admins; the shell's route refuses others): the requests from
 * the public request form, Pending / Approved / Rejected (`GET /event-requests?Status=`, the tab
 * kept in the URL as `?status=`). Each request shows its title, the requested dates (in the
 * browser's zone), who asked and their message; pending ones can be approved (a customer and an
 * internal name, `ApproveRequestDialog`) or rejected with a reason (`RejectRequestDialog`).
 * Approved ones link their event. Cards rather than a table: a message can be long and a
 * phone has no room for columns.
 *
 * This lives with the events' organizer screens because approving creates an event: the dialog
 * uses the event form's internal-name rules, reserved names and live "taken" check, and the
 * customers list, which are this folder's own.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { PageHeader } from "@/components/PageHeader";
import { panelId, tabId, Tabs } from "@/components/Tabs";
import { notify } from "@/features/notifications";
import { consolePaths } from "@/lib/console-paths";
import { formatDate } from "@/lib/dates";
import { errorMessageKey } from "@/lib/errors";
import { browserTimeZone, formatInZone } from "../time";
import { eventRequestsQuery, REQUEST_STATUSES, requestDecided, type EventRequestRow, type RequestStatus } from "./api";
import { ApproveRequestDialog, type ApproveResult } from "./ApproveRequestDialog";
import { RejectRequestDialog, type RejectResult } from "./RejectRequestDialog";
import { useRequestsT, type RequestsT } from "./requests-i18n";
import "./requests.css";

const TABS_ID = "requests";

function isStatus(value: string | null): value is RequestStatus {
  return (REQUEST_STATUSES as readonly (string | null)[]).includes(value);
}

function RequestDates({ row, t }: { row: EventRequestRow; t: RequestsT }) {
  const zone = browserTimeZone();
  const begin = row.DateBeginUTC ? formatInZone(row.DateBeginUTC, zone) : "";
  const end = row.DateEndUTC ? formatInZone(row.DateEndUTC, zone) : "";
  return <p className="requests-card__dates">{begin && end ? t("item.dates", { begin, end, zone }) : t("item.noDates")}</p>;
}

function RequestCard({ row, onApprove, onReject }: { row: EventRequestRow; onApprove: () => void; onReject: () => void }) {
  const t = useRequestsT();
  const headingId = useId();
  const who = row.RequesterName.trim() || row.RequesterEMail;
  return (
    <li className="requests-card">
      <article aria-labelledby={headingId}>
        <h2 id={headingId} className="requests-card__title">
          {row.Title}
        </h2>
        <RequestDates row={row} t={t} />
        <p className="muted small">
          {t("item.requestedBy", { name: who, email: row.RequesterEMail })}
          {row.ContactEMail && row.ContactEMail.toLowerCase() !== row.RequesterEMail.toLowerCase() ? (
            <>
              <br />
              {t("item.contact", { email: row.ContactEMail })}
            </>
          ) : null}
          <br />
          {t("item.received", { date: formatDate(row.CreatedAt) })}
          {row.DecidedAt ? ` · ${t("item.decided", { date: formatDate(row.DecidedAt) })}` : null}
        </p>
        <h3 className="requests-card__label">{t("item.message")}</h3>
        <p className="requests-card__text">{row.Message.trim() ? row.Message : <span className="muted">{t("item.noMessage")}</span>}</p>
        {row.Status === "rejected" && row.Reason ? (
          <>
            <h3 className="requests-card__label">{t("item.reason")}</h3>
            <p className="requests-card__text">{row.Reason}</p>
          </>
        ) : null}
        {row.Status === "approved" ? (
          row.EventID ? (
            <p>
              <Link to={consolePaths.event(row.EventID)}>{t("item.openEvent")}</Link>
            </p>
          ) : (
            <p className="muted">{t("item.eventGone")}</p>
          )
        ) : null}
        {row.Status === "pending" ? (
          <div className="requests-card__actions">
            <button type="button" className="button" onClick={onApprove}>
              {t("item.approve")}{" "}
              <span className="visually-hidden">{t("item.forRequest", { title: row.Title })}</span>
            </button>
            <button type="button" className="button button--secondary" onClick={onReject}>
              {t("item.reject")}{" "}
              <span className="visually-hidden">{t("item.forRequest", { title: row.Title })}</span>
            </button>
          </div>
        ) : null}
      </article>
    </li>
  );
}

export function EventRequestsPage() {
  const t = useRequestsT();
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const asked = params.get("status");
  const status: RequestStatus = isStatus(asked) ? asked : "pending";
  const query = useQuery(eventRequestsQuery(status));
  const [approving, setApproving] = useState<EventRequestRow | null>(null);
  const [rejecting, setRejecting] = useState<EventRequestRow | null>(null);
  const [announcement, setAnnouncement] = useState({ id: 0, text: "" });
  // After a decision the card (and the button that opened the dialog) are gone: the list takes
  // the focus instead of it falling to the page.
  const panelRef = useRef<HTMLDivElement>(null);

  const setStatus = (next: RequestStatus) =>
    setParams(
      (prev) => {
        const merged = new URLSearchParams(prev);
        if (next === "pending") merged.delete("status");
        else merged.set("status", next);
        return merged;
      },
      { replace: true },
    );

  const finish = (requestID: string | null, text: string, tone: "success" | "warn", approved: boolean) => {
    setApproving(null);
    setRejecting(null);
    if (requestID) requestDecided(client, requestID, approved);
    else void client.invalidateQueries({ queryKey: ["manage", "event-requests"] });
    notify(tone, text);
    setAnnouncement((a) => ({ id: a.id + 1, text }));
    requestAnimationFrame(() => panelRef.current?.focus());
  };

  const onApproved = (row: EventRequestRow, result: ApproveResult) =>
    result.kind === "decided"
      ? finish(null, t("approve.alreadyDecided"), "warn", false)
      : finish(row.ID, t("approve.done", { title: row.Title, email: row.RequesterEMail }), "success", true);
  const onRejected = (row: EventRequestRow, result: RejectResult) =>
    result.kind === "decided"
      ? finish(null, t("approve.alreadyDecided"), "warn", false)
      : finish(row.ID, t("reject.done", { title: row.Title, email: row.RequesterEMail }), "success", false);

  const rows = query.data ?? [];

  return (
    <>
      <PageHeader title={t("title")} />
      <p className="muted requests-intro">{t("intro")}</p>
      <div className="visually-hidden" role="status" aria-live="polite">
        <span key={announcement.id}>{announcement.text}</span>
      </div>
      <div className="console-toolbar">
        <Tabs
          label={t("tabsLabel")}
          tabs={REQUEST_STATUSES}
          selected={status}
          onSelect={setStatus}
          idBase={TABS_ID}
          className="console-tabs"
          render={(tab) => t(`tabs.${tab}`)}
        />
      </div>
      <div ref={panelRef} role="tabpanel" id={panelId(TABS_ID)} aria-labelledby={tabId(TABS_ID, status)} aria-busy={query.isFetching} tabIndex={-1}>
        {query.isPending ? (
          <p role="status">{t("loading")}</p>
        ) : query.isError ? (
          <div role="alert" className="console-error">
            <p>
              {t("loadFailed")} {tc(errorMessageKey(query.error))}
            </p>
            <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
              {tc("common.retry")}
            </button>
          </div>
        ) : rows.length === 0 ? (
          <div className="console-empty">
            <p>{t(`empty.${status}`)}</p>
          </div>
        ) : (
          <>
            <ul className="requests-list">
              {rows.map((row) => (
                <RequestCard key={row.ID} row={row} onApprove={() => setApproving(row)} onReject={() => setRejecting(row)} />
              ))}
            </ul>
            <p className="muted small">{t("shown", { count: rows.length })}</p>
          </>
        )}
      </div>
      {approving ? <ApproveRequestDialog row={approving} onClose={() => setApproving(null)} onDone={(result) => onApproved(approving, result)} /> : null}
      {rejecting ? <RejectRequestDialog row={rejecting} onClose={() => setRejecting(null)} onDone={(result) => onRejected(rejecting, result)} /> : null}
    </>
  );
}
