/**
 * `/manage`: the events this organizer administers (`GET /events/managed`), Upcoming or Past, a
 * debounced search, a TanStack table and "Load more" paging (`StartID` = the last ID shown).
 * The tab and the search live in the URL (`?when=past&q=...`), so Back and a reload keep them.
 */
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigation, useSearchParams } from "react-router";
import { PageHeader } from "@/components/PageHeader";
import { panelId, tabId, Tabs } from "@/components/Tabs";
import { notify } from "@/features/notifications";
import { consolePaths } from "@/lib/console-paths";
import { errorMessageKey } from "@/lib/errors";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { customersQuery, managedEventsQuery, type ManagedEventRow, type When } from "./api";
import { DeleteEventDialog } from "./DeleteEventDialog";
import { openPreview } from "./preview";
import { formatInZone } from "./time";
import { DataTable } from "@/components/DataTable";

export const SEARCH_DELAY_MS = 300;
const tabs: readonly When[] = ["upcoming", "past"];
// Tab ids `events-tab-upcoming`, `events-tab-past`; the panel `events-panel`.
const TABS_ID = "events";

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ManagedEventRow>();
const NO_ROWS: ManagedEventRow[] = [];
/** A date and its time stay on one line; a narrow table breaks the range between them. */
const unbroken = (text: string) => text.replace(/ /g, "\u00a0");

/** Whether the organizer may create events (some customer allows it); undefined while unknown. */
export function useMayCreateEvents(): boolean | undefined {
  const customers = useQuery(customersQuery());
  if (customers.isPending) return undefined;
  if (customers.isError) return false;
  return customers.data.some((c) => c.MayCreateEvents);
}

function WhenTabs({ when, onChange }: { when: When; onChange: (when: When) => void }) {
  const { t } = useTranslation("console");
  return (
    <Tabs
      label={t("events.tabsLabel")}
      tabs={tabs}
      selected={when}
      onSelect={onChange}
      idBase={TABS_ID}
      className="console-tabs"
      render={(tab) => t(tab === "upcoming" ? "events.upcoming" : "events.past")}
    />
  );
}

export function EventsListPage() {
  const { t } = useTranslation("console");
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const when: When = params.get("when") === "past" ? "past" : "upcoming";
  const [search, setSearch] = useState(() => params.get("q") ?? "");
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [deleting, setDeleting] = useState<ManagedEventRow | null>(null);
  const mayCreate = useMayCreateEvents();
  const query = useInfiniteQuery(managedEventsQuery(when, settledSearch));

  const setWhen = (next: When) =>
    setParams(
      (prev) => {
        const merged = new URLSearchParams(prev);
        if (next === "past") merged.set("when", "past");
        else merged.delete("when");
        return merged;
      },
      { replace: true },
    );

  // The URL follows the settled search, not every key press.
  const urlSearch = params.get("q") ?? "";
  // While a navigation is on its way (a link clicked as the search settled, its page still
  // loading), this page's own URL update would replace it and pull the organizer back here.
  const leaving = useNavigation().state !== "idle";
  useEffect(() => {
    if (leaving || urlSearch === settledSearch) return;
    setParams(
      (prev) => {
        const merged = new URLSearchParams(prev);
        if (settledSearch) merged.set("q", settledSearch);
        else merged.delete("q");
        return merged;
      },
      { replace: true },
    );
  }, [leaving, urlSearch, settledSearch, setParams]);

  const rows = useMemo(() => query.data?.pages.flat() ?? NO_ROWS, [query.data]);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor("Title", {
          header: () => t("events.columns.title"),
          cell: (info) => <Link to={consolePaths.event(info.row.original.ID)}>{info.getValue()}</Link>,
        }),
        column.accessor("InternalName", {
          header: () => t("events.columns.internalName"),
          cell: (info) => <code>{info.getValue()}</code>,
        }),
        column.display({
          id: "dates",
          header: () => t("events.columns.dates"),
          cell: (info) => {
            const e = info.row.original;
            return (
              <>
                {t("events.dateRange", { begin: unbroken(formatInZone(e.DateBeginUTC, e.TimeZone)), end: unbroken(formatInZone(e.DateEndUTC, e.TimeZone)) })}
                <span className="muted small console-table__zone">{e.TimeZone}</span>
              </>
            );
          },
        }),
        column.accessor("CustomerName", { header: () => t("events.columns.customer") }),
        column.accessor("IsListed", {
          header: () => t("events.columns.listed"),
          cell: (info) => (info.getValue() ? t("events.yes") : t("events.no")),
        }),
        column.display({
          id: "actions",
          header: () => t("events.columns.actions"),
          cell: (info) => {
            const e = info.row.original;
            return (
              <div className="console-table__actions">
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    openPreview(e.ID).catch((error: unknown) => notify("error", tc(errorMessageKey(error))));
                  }}
                >
                  {t("events.openAsAttendee")}
                  <span className="visually-hidden">{` ${t("events.forEvent", { title: e.Title })} ${t("opensInNewTab")}`}</span>
                </button>
                {e.MayDelete ? (
                  <button type="button" className="link-button console-danger-link" onClick={() => setDeleting(e)}>
                    {t("events.delete")}
                    <span className="visually-hidden">{` ${t("events.forEvent", { title: e.Title })}`}</span>
                  </button>
                ) : null}
              </div>
            );
          },
        }),
      ]),
    [t, tc],
  );

  const table = useTable({ features, columns, data: rows, getRowId: (row) => row.ID });
  const emptyText = settledSearch
    ? t("events.emptySearch", { search: settledSearch })
    : when === "upcoming"
      ? t("events.emptyUpcoming")
      : t("events.emptyPast");

  return (
    <>
      <PageHeader title={t("events.title")}>
        {mayCreate ? (
          <Link className="button" to={consolePaths.newEvent}>
            {t("events.new")}
          </Link>
        ) : null}
      </PageHeader>
      {mayCreate === false ? <p className="notice">{t("events.cannotCreate")}</p> : null}

      <div className="console-toolbar">
        <WhenTabs when={when} onChange={setWhen} />
        <div className="field console-search">
          <label htmlFor="events-search">{t("events.search")}</label>
          <input
            id="events-search"
            type="search"
            name="search"
            value={search}
            aria-describedby="events-search-hint"
            onChange={(e) => setSearch(e.target.value)}
          />
          <span id="events-search-hint" className="field__hint">
            {t("events.searchHint")}
          </span>
        </div>
      </div>

      <div role="tabpanel" id={panelId(TABS_ID)} aria-labelledby={tabId(TABS_ID, when)} aria-busy={query.isFetching}>
        {query.isPending ? (
          <p role="status">{t("loading")}</p>
        ) : query.isError && !query.data ? (
          <div role="alert" className="console-error">
            <p>
              {t("events.loadFailed")} {tc(errorMessageKey(query.error))}
            </p>
            <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
              {tc("common.retry")}
            </button>
          </div>
        ) : rows.length === 0 ? (
          <div className="console-empty">
            <p>{emptyText}</p>
            {mayCreate && !settledSearch ? (
              <Link className="button" to={consolePaths.newEvent}>
                {t("events.new")}
              </Link>
            ) : null}
          </div>
        ) : (
          <>
            <div className="console-table-scroll" role="region" aria-labelledby={`events-tab-${when}`} tabIndex={0}>
              <DataTable table={table} className="console-table" />
            </div>
            <p className="muted small" role="status">
              {t("events.shown", { count: rows.length })}
            </p>
            {query.hasNextPage ? (
              <button
                type="button"
                className="button button--secondary"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? t("events.loadingMore") : t("events.loadMore")}
              </button>
            ) : null}
            {query.isError ? <p role="alert" className="form-error">{tc(errorMessageKey(query.error))}</p> : null}
          </>
        )}
      </div>

      {deleting ? (
        <DeleteEventDialog event={deleting} onClose={() => setDeleting(null)} onDeleted={() => setDeleting(null)} />
      ) : null}
    </>
  );
}
