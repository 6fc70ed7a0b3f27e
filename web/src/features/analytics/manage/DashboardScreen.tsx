/**
 * The Dashboard section (docs/subsystems/analytics.md "In the web app"): how the event is going,
 * from one read of `GET /events/{E}/analytics/dashboard`, read again every 10 s while the event
 * runs (its begin and end, compared every 10 s too) and not otherwise. A failed refresh keeps the
 * figures shown and says so; the charts' code (uPlot) loads lazily with the first figures.
 */
import { useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { LoadState } from "@/components/LoadState";
import { formatTime } from "@/lib/dates";
import { useNow } from "@/lib/use-now";
import { dashboardEventQuery, dashboardQuery, isRunning, REFRESH_MS, type Dashboard } from "./api";
import { Figures } from "./Figures";
import "./dashboard.css";

const isEmpty = (d: Dashboard) =>
  d.OnlineNow.Total === 0 &&
  d.Registrations.length === 0 &&
  d.Attendance.length === 0 &&
  d.ChatPerMinute.length === 0 &&
  d.Polls.length === 0 &&
  d.TopRooms.length === 0 &&
  d.PageViews.length === 0;

export function DashboardScreen({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation("console");
  const heading = useRef<HTMLHeadingElement>(null);
  const event = useQuery(dashboardEventQuery(eventId));
  const now = useNow(REFRESH_MS);
  const running = isRunning(event.data, now);
  const query = useQuery(dashboardQuery(eventId, running));
  const zone = event.data?.TimeZone || "UTC";
  const data = query.data;
  const updated = data ? formatTime(data.GeneratedAt, i18n.language, zone) : "";

  return (
    <div className="dashboard">
      <h2 ref={heading} tabIndex={-1}>
        {t("dashboard.title")}
      </h2>
      <p className="muted">{t("dashboard.intro")}</p>
      <LoadState query={query} loadingText={t("dashboard.loading")} failedText={t("dashboard.failed")} focusAfterRetry={heading} />
      {data ? (
        <>
          <div className="dash-status">
            <p role="status">{running ? t("dashboard.live", { time: updated }) : t("dashboard.notLive", { time: updated })}</p>
            <button type="button" className="button button--secondary" aria-disabled={query.isFetching || undefined} onClick={() => void query.refetch()}>
              {query.isFetching ? t("dashboard.refreshing") : t("dashboard.refresh")}
            </button>
          </div>
          {query.isRefetchError ? (
            <p role="alert" className="dash-failure">
              {t("dashboard.refreshFailed", { time: updated })}
            </p>
          ) : null}
          {isEmpty(data) ? <p className="dash-empty">{t("dashboard.empty")}</p> : null}
          <Figures eventId={eventId} data={data} zone={zone} />
        </>
      ) : null}
    </div>
  );
}
