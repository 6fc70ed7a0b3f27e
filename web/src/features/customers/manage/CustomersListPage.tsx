/**
 * `/manage/customers`: master admins see every customer, customer admins the ones they hold
 * customer rights over (`GET /customers` also answers the customers of an event admin's events,
 * which are not theirs to manage, so those are left out). A TanStack table of name (link to the
 * customer's page), state and creation date, filtered by a search kept in the URL (`?q=`): the
 * list is at most the server's 1000 rows, so it is filtered here rather than asked again.
 */
import { useQuery } from "@tanstack/react-query";
import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { PageHeader } from "@/components/PageHeader";
import { consolePaths } from "@/lib/console-paths";
import { formatDate } from "@/lib/dates";
import { errorMessageKey } from "@/lib/errors";
import { customersListQuery, isMasterQuery, type ManagedCustomer } from "./api";
import { useCustomersT } from "./customers-i18n";
import "./customers.css";
import { DataTable } from "@/components/DataTable";

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ManagedCustomer>();
const NO_ROWS: ManagedCustomer[] = [];

/** Case- and accent-insensitive, so "zurich" finds "Zürich". */
const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

export function CustomersListPage() {
  const t = useCustomersT();
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get("q") ?? "");
  const master = useQuery(isMasterQuery());
  const isMaster = master.data === true;
  const query = useQuery(customersListQuery());

  const onSearch = (value: string) => {
    setSearch(value);
    setParams(
      (prev) => {
        const merged = new URLSearchParams(prev);
        if (value.trim()) merged.set("q", value.trim());
        else merged.delete("q");
        return merged;
      },
      { replace: true },
    );
  };

  const mine = useMemo(() => {
    const all = query.data ?? NO_ROWS;
    return master.isPending ? NO_ROWS : isMaster ? all : all.filter((c) => c.MayCreateEvents);
  }, [query.data, master.isPending, isMaster]);
  const needle = fold(search.trim());
  const rows = useMemo(() => (needle ? mine.filter((c) => fold(c.Name).includes(needle)) : mine), [mine, needle]);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor("Name", {
          header: () => t("list.columns.name"),
          cell: (info) => <Link to={consolePaths.customer(info.row.original.ID)}>{info.getValue()}</Link>,
        }),
        column.accessor("IsDisabled", {
          header: () => t("list.columns.state"),
          cell: (info) =>
            info.getValue() ? (
              <span className="console-badge console-badge--danger">{t("list.disabled")}</span>
            ) : (
              <span className="console-badge console-badge--success">{t("list.active")}</span>
            ),
        }),
        column.accessor("CreatedAt", {
          header: () => t("list.columns.created"),
          cell: (info) => formatDate(info.getValue()),
        }),
      ]),
    [t],
  );
  const table = useTable({ features, columns, data: rows, getRowId: (row) => row.ID });

  const pending = query.isPending || master.isPending;
  const emptyText = needle ? t("list.emptySearch", { search: search.trim() }) : isMaster ? t("list.empty") : t("list.emptyNotMaster");

  return (
    <>
      <PageHeader title={t("list.title")}>
        {isMaster ? (
          <Link className="button" to={consolePaths.newCustomer}>
            {t("list.new")}
          </Link>
        ) : null}
      </PageHeader>
      <div className="console-toolbar">
        <div className="field console-search">
          <label htmlFor="customers-search">{t("list.search")}</label>
          <input
            id="customers-search"
            type="search"
            name="search"
            value={search}
            aria-describedby="customers-search-hint"
            onChange={(e) => onSearch(e.target.value)}
          />
          <span id="customers-search-hint" className="field__hint">
            {t("list.searchHint")}
          </span>
        </div>
      </div>
      {pending ? (
        <p role="status">{t("loading")}</p>
      ) : query.isError ? (
        <div role="alert" className="console-error">
          <p>
            {t("list.loadFailed")} {tc(errorMessageKey(query.error))}
          </p>
          <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
            {tc("common.retry")}
          </button>
        </div>
      ) : rows.length === 0 ? (
        <div className="console-empty">
          <p>{emptyText}</p>
          {isMaster && !needle ? (
            <Link className="button" to={consolePaths.newCustomer}>
              {t("list.new")}
            </Link>
          ) : null}
        </div>
      ) : (
        <>
          <div className="console-table-scroll" role="region" aria-label={t("list.title")} tabIndex={0}>
            <DataTable table={table} className="console-table" />
          </div>
          <p className="muted small" role="status">
            {t("list.shown", { count: rows.length })}
          </p>
        </>
      )}
    </>
  );
}
