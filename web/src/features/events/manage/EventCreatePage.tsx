/**
 * `/manage/events/new`: the settings form with a customer to create the event for (only the
 * customers with `MayCreateEvents`). `POST /customers/{CustomerID}/events` → 201, a toast, then
 * the new event's settings page.
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { PageHeader } from "@/components/PageHeader";
import { notify } from "@/features/notifications";
import { consolePaths } from "@/lib/console-paths";
import { errorMessageKey } from "@/lib/errors";
import { isLanguage } from "@/lib/locale";
import { customersQuery, useCreateEvent } from "./api";
import { EventForm } from "./EventForm";
import type { EventFormValues } from "./schema";
import { browserTimeZone, tomorrowAt } from "./time";

export function newEventDefaults(customerID: string, language: string, timeZone = browserTimeZone()): EventFormValues {
  return {
    CustomerID: customerID,
    Title: "",
    InternalName: "",
    TimeZone: timeZone,
    DateBegin: tomorrowAt(9, timeZone),
    DateEnd: tomorrowAt(17, timeZone),
    DefaultLanguage: isLanguage(language) ? language : "en",
    IsListed: false,
    IsUseIsolation: false,
    ChatRetentionDays: "",
    Isolations: [],
  };
}

export function EventCreatePage() {
  const { t, i18n } = useTranslation("console");
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const customers = useQuery(customersQuery());
  const create = useCreateEvent();
  const allowed = useMemo(() => customers.data?.filter((c) => c.MayCreateEvents) ?? [], [customers.data]);
  const defaults = useMemo(
    () => newEventDefaults(allowed.length === 1 ? (allowed[0]?.ID ?? "") : "", i18n.language),
    [allowed, i18n.language],
  );

  return (
    <>
      <p className="console-breadcrumb">
        <Link to={consolePaths.events}>{t("nav.events")}</Link>
      </p>
      <PageHeader title={t("eventForm.createTitle")} />
      {customers.isPending ? (
        <p role="status">{t("loading")}</p>
      ) : customers.isError ? (
        <div role="alert" className="console-error">
          <p>{tc(errorMessageKey(customers.error))}</p>
          <button type="button" className="button button--secondary" onClick={() => void customers.refetch()}>
            {tc("common.retry")}
          </button>
        </div>
      ) : allowed.length === 0 ? (
        <p className="notice">{t("eventForm.noCustomer")}</p>
      ) : (
        <EventForm
          mode="create"
          defaultValues={defaults}
          customers={allowed}
          save={(body, values) => create.mutateAsync({ customerID: values.CustomerID, body })}
          onSaved={(event) => {
            notify("success", t("eventForm.created", { title: event.Title }));
            void navigate(consolePaths.event(event.ID));
          }}
        />
      )}
    </>
  );
}
