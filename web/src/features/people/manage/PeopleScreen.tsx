/**
 * The console's People section (`/manage/events/:eventId/people`, role `people`): everyone
 * invited to or registered for the event, with a debounced search, a state filter whose tabs
 * carry the counts, and keyset "Load more" (`api.ts`). Invite (ImportDialog: report first, then
 * confirm), export the list as CSV, and per row a menu: remove/restore, chat ban/unban,
 * password-reset mail, download their data, erase their data in the event. Each outcome is a
 * toast (announced) and the list is read again, so the counts follow.
 */
import { keepPreviousData, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DataTable } from "@/components/DataTable";
import { LoadState } from "@/components/LoadState";
import { panelId, tabId, Tabs } from "@/components/Tabs";
import { notify } from "@/features/notifications";
import { formatDate, formatTime } from "@/lib/dates";
import { errorMessageKey } from "@/lib/errors";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useSubmitLock } from "@/lib/use-submit-lock";
import {
  countOf,
  downloadPeopleCsv,
  downloadPersonData,
  PEOPLE_FILTERS,
  peopleKeys,
  peopleQuery,
  type PeopleFilter,
  type PersonAction,
  type PersonRow,
  rowKey,
  runPersonAction,
} from "./api";
import { ImportDialog } from "./ImportDialog";
import { type ConfirmedAction, PersonActionDialog } from "./PersonDialogs";
import { type MenuItem, RowMenu } from "./RowMenu";
import "./people.css";

export const SEARCH_DELAY_MS = 300;
const TABS_ID = "people";
const features = tableFeatures({});
const column = createColumnHelper<typeof features, PersonRow>();
const NO_ROWS: PersonRow[] = [];

const fullName = (row: PersonRow) => `${row.FirstName} ${row.LastName}`.trim();

export function PeopleScreen({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation("console");
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const [filter, setFilter] = useState<PeopleFilter>("all");
  const [search, setSearch] = useState("");
  const settled = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // The rows shown stay until another filter's or search's arrive: no flash of "Loading".
  const query = useInfiniteQuery({ ...peopleQuery(eventId, filter, settled), placeholderData: keepPreviousData });
  const [importing, setImporting] = useState(false);
  const [pending, setPending] = useState<{ action: ConfirmedAction; row: PersonRow } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const acting = useSubmitLock();
  const exporting = useSubmitLock();
  const [exportError, setExportError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Each tab's count for the current search: sent with the list's first page.
  const pageCounts = query.data?.pages[0]?.Counts;
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.Rows) ?? NO_ROWS, [query.data]);
  const nameOf = (row: PersonRow) => fullName(row) || row.Email;

  const refresh = () => client.invalidateQueries({ queryKey: peopleKeys.all(eventId) });

  const succeed = (action: PersonAction | "download", row: PersonRow) => notify("success", t(`people.done.${action}`, { name: nameOf(row), email: row.Email }));

  const perform = (action: PersonAction, row: PersonRow, inDialog: boolean) =>
    acting.run(async () => {
      if (!row.PersonID) return;
      setActionError(null);
      try {
        await runPersonAction(eventId, row.PersonID, action);
        succeed(action, row);
        if (inDialog) setPending(null);
        await refresh();
      } catch (failure) {
        const message = t("people.failed", { reason: tc(errorMessageKey(failure)) });
        if (inDialog) setActionError(message);
        else notify("error", message);
      }
    });

  const download = (row: PersonRow) =>
    void acting.run(async () => {
      if (!row.PersonID) return;
      try {
        await downloadPersonData(eventId, row.PersonID);
        succeed("download", row);
      } catch (failure) {
        notify("error", t("people.failed", { reason: tc(errorMessageKey(failure)) }));
      }
    });

  const exportCsv = () =>
    void exporting.run(async () => {
      setExportError(null);
      try {
        await downloadPeopleCsv(eventId);
      } catch (failure) {
        setExportError(t("people.exportFailed", { reason: tc(errorMessageKey(failure)) }));
      }
    });

  const ask = (action: ConfirmedAction, row: PersonRow) => {
    setActionError(null);
    setPending({ action, row });
  };

  const menuItems = (row: PersonRow): MenuItem[] => {
    if (!row.PersonID) return [];
    const items: MenuItem[] = [];
    items.push(
      row.Removed
        ? { key: "restore", label: t("people.actions.restore"), run: () => ask("restore", row) }
        : { key: "remove", label: t("people.actions.remove"), danger: true, run: () => ask("remove", row) },
      row.ChatBanned
        ? { key: "unban", label: t("people.actions.unban"), run: () => ask("unban", row) }
        : { key: "ban", label: t("people.actions.ban"), danger: true, run: () => ask("ban", row) },
      { key: "passwordReset", label: t("people.actions.passwordReset"), run: () => void perform("passwordReset", row, false) },
      { key: "download", label: t("people.actions.download"), run: () => download(row) },
      { key: "erase", label: t("people.actions.erase"), danger: true, run: () => ask("erase", row) },
    );
    return items;
  };

  const columns = useMemo(
    () =>
      column.columns([
        column.display({
          id: "name",
          header: () => t("people.columns.name"),
          cell: (info) => fullName(info.row.original) || <span className="muted">{t("people.noName")}</span>,
        }),
        column.accessor("Email", { header: () => t("people.columns.email") }),
        column.display({
          id: "state",
          header: () => t("people.columns.state"),
          cell: (info) => {
            const row = info.row.original;
            return (
              <span className="people-states">
                <span className={`console-badge people-state people-state--${row.State}`}>{t(`people.states.${row.State}`)}</span>
                {row.Removed ? <span className="console-badge console-badge--danger">{t("people.removed")}</span> : null}
                {row.ChatBanned ? <span className="console-badge console-badge--danger">{t("people.banned")}</span> : null}
              </span>
            );
          },
        }),
        column.accessor("LastSeenAt", {
          header: () => t("people.columns.lastSeen"),
          cell: (info) => {
            const value = info.getValue();
            return value ? <time dateTime={value}>{`${formatDate(value)} ${formatTime(value, i18n.language)}`}</time> : t("people.never");
          },
        }),
        column.display({
          id: "actions",
          header: () => t("people.columns.actions"),
          cell: (info) => {
            const row = info.row.original;
            const items = menuItems(row);
            return items.length > 0 ? <RowMenu label={t("people.actionsFor", { name: nameOf(row) })} buttonText={t("people.columns.actions")} items={items} /> : null;
          },
        }),
      ]),
    // menuItems reads only stable setters and the row; rebuilt with the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
  const table = useTable({ features, columns, data: rows, getRowId: rowKey });

  const filterLabel = (f: PeopleFilter) => t(`people.filters.${f}`);
  const emptyText = settled ? t("people.emptySearch", { search: settled }) : filter === "all" ? t("people.empty") : t("people.emptyFilter", { filter: filterLabel(filter) });
  const total = query.data?.pages[0]?.Total;

  return (
    <div className="people">
      <h2 ref={heading} tabIndex={-1}>
        {t("people.title")}
      </h2>
      <p className="muted">{t("people.intro")}</p>
      <div className="console-toolbar">
        <div className="field console-search">
          <label htmlFor="people-search">{t("people.search")}</label>
          <input
            id="people-search"
            type="search"
            name="search"
            value={search}
            aria-describedby="people-search-hint"
            onChange={(e) => setSearch(e.target.value)}
          />
          <span id="people-search-hint" className="field__hint">
            {t("people.searchHint")}
          </span>
        </div>
        <div className="people-toolbar__actions">
          <button type="button" className="button" onClick={() => setImporting(true)}>
            {t("people.invite")}
          </button>
          <button type="button" className="button button--secondary" aria-disabled={exporting.busy || undefined} onClick={exportCsv}>
            {exporting.busy ? t("people.exporting") : t("people.export")}
          </button>
        </div>
      </div>
      {exportError ? (
        <p role="alert" className="console-error-text">
          {exportError}
        </p>
      ) : null}
      <Tabs
        label={t("people.filterLabel")}
        tabs={PEOPLE_FILTERS}
        selected={filter}
        onSelect={setFilter}
        idBase={TABS_ID}
        className="console-tabs"
        render={(f) => {
          const count = pageCounts ? countOf(pageCounts, f) : undefined;
          return count === undefined ? filterLabel(f) : t("people.filterCount", { label: filterLabel(f), count });
        }}
      />
      <div id={panelId(TABS_ID)} role="tabpanel" aria-labelledby={tabId(TABS_ID, filter)}>
        <LoadState query={query} loadingText={t("people.loading")} failedText={t("people.loadFailed")} focusAfterRetry={heading} />
        {query.data && rows.length === 0 ? (
          <div className="console-empty">
            <p>{emptyText}</p>
            {!settled && filter === "all" ? (
              <button type="button" className="button" onClick={() => setImporting(true)}>
                {t("people.invite")}
              </button>
            ) : null}
          </div>
        ) : null}
        {rows.length > 0 ? (
          <>
            <div className="console-table-scroll" role="region" aria-label={t("people.title")} tabIndex={0}>
              <DataTable
                table={table}
                className="console-table people-table"
                rowProps={(row) => ({ "data-email": row.original.Email, className: row.original.Removed ? "people-row--removed" : "" })}
              />
            </div>
            <p className="muted small" role="status">
              {t("people.shown", { shown: rows.length, total: total ?? rows.length })}
            </p>
            {query.hasNextPage ? (
              <button type="button" className="button button--secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {query.isFetchingNextPage ? t("people.loadingMore") : t("people.loadMore")}
              </button>
            ) : null}
          </>
        ) : null}
      </div>
      {importing ? (
        <ImportDialog
          eventId={eventId}
          onClose={() => setImporting(false)}
          onInvited={(count) => {
            setImporting(false);
            notify("success", t("people.import.invited", { count }));
            void refresh();
          }}
        />
      ) : null}
      {pending ? (
        <PersonActionDialog
          action={pending.action}
          name={nameOf(pending.row)}
          email={pending.row.Email}
          busy={acting.busy}
          error={actionError}
          onConfirm={() => void perform(pending.action, pending.row, true)}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </div>
  );
}
