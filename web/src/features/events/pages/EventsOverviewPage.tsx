import { useTranslation } from "react-i18next";
import { formatDate } from "@/lib/dates";
import { errorMessageKey } from "@/lib/errors";
import { useAllEventsMetadata } from "../api/get-all-events-metadata";

export function EventsOverviewPage() {
  const { t } = useTranslation();
  const query = useAllEventsMetadata();
  return (
    <main className="content-page">
      <h1>{t("events.overviewTitle")}</h1>
      <p className="muted">{t("events.overviewIntro")}</p>
      {query.isPending ? <p role="status">{t("common.loading")}</p> : null}
      {query.isError ? (
        <div role="alert">
          <p>{t("events.loadFailed")}</p>
          <p>{t(errorMessageKey(query.error))}</p>
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t("common.retry")}
          </button>
        </div>
      ) : null}
      {query.data && query.data.length === 0 ? <p>{t("events.empty")}</p> : null}
      <ul className="event-list">
        {query.data?.map((event) => (
          <li key={event.EventID} className="event-card">
            <a href={`/${encodeURIComponent(event.InternalName)}`}>{event.Title}</a>
            {event.DateBeginUTC && event.DateEndUTC ? (
              <span className="muted">
                {t("common.dateRange", {
                  begin: formatDate(event.DateBeginUTC, event.TimeZone),
                  end: formatDate(event.DateEndUTC, event.TimeZone),
                })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </main>
  );
}
