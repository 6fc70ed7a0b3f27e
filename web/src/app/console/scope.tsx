/**
 * What the signed-in organizer administers beyond events: master rights
 * (`GET /admins/getismasteradmin`) and customer rights (`GET /customers`, a customer with
 * `MayCreateEvents` is one they hold customer or master rights over). The navigation shows
 * Customers and Event requests by it, and master-only pages refuse others with a message (the
 * server refuses them too; this only keeps people away from pages that cannot work for them).
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { PageHeader } from "@/components/PageHeader";
import { request } from "@/lib/api-client";
import { consolePaths } from "@/lib/console-paths";

export interface ConsoleScope {
  /** Undefined while unknown; a failed check counts as false (the server decides anyway). */
  isMaster: boolean | undefined;
  isCustomerAdmin: boolean | undefined;
}

// The same keys and URLs as the features' own reads of them, so the cache is shared.
export const isMasterQuery = () =>
  queryOptions({
    queryKey: ["manage", "is-master"] as const,
    queryFn: ({ signal }) => request<boolean>("/admins/getismasteradmin", { signal }),
    staleTime: 60_000,
    retry: false,
  });

const customersQuery = () =>
  queryOptions({
    queryKey: ["manage", "customers"] as const,
    queryFn: ({ signal }) => request<{ ID: string; MayCreateEvents: boolean }[]>("/customers", { signal }),
    staleTime: 60_000,
  });

export function useConsoleScope(): ConsoleScope {
  const master = useQuery(isMasterQuery());
  const customers = useQuery(customersQuery());
  const isMaster = master.isPending ? undefined : master.data === true;
  const isCustomerAdmin = customers.isPending ? undefined : customers.isError ? false : customers.data.some((c) => c.MayCreateEvents);
  return { isMaster, isCustomerAdmin };
}

/** Master admins' pages (new customer, event requests): others read why they cannot be here. */
export function RequireMaster() {
  const { t } = useTranslation("console");
  const { isMaster } = useConsoleScope();
  if (isMaster === undefined) return <p role="status">{t("loading")}</p>;
  if (!isMaster) {
    return (
      <>
        <PageHeader title={t("masterOnly.title")} />
        <p>{t("masterOnly.body")}</p>
        <p>
          <Link to={consolePaths.events}>{t("notFound.back")}</Link>
        </p>
      </>
    );
  }
  return <Outlet />;
}
