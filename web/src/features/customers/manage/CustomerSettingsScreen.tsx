/**
 * A customer's Settings section (`/manage/customers/:customerId`, under the customer's name as
 * the page's h1, so its own heading is an h2): the name, which its customer admins and master
 * admins may change (`PUT /customers/{CustomerID} {Name}`), and for master admins the customer's
 * state. Disabling locks every attendee of its events out, so it asks first and says so;
 * enabling does not ask (it only gives access back). Others read the state and who may change it.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { LoadState } from "@/components/LoadState";
import { notify } from "@/features/notifications";
import { errorMessageKey } from "@/lib/errors";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import { customerChanged, customerQuery, isMasterQuery, updateCustomer, type ManagedCustomer } from "./api";
import { useCustomersT } from "./customers-i18n";
import { customerNameSchema, isCustomerValidationKey, type CustomerNameValues } from "./schema";
import { fieldsOf } from "./server-errors";
import "./customers.css";

function NameForm({ customer }: { customer: ManagedCustomer }) {
  const t = useCustomersT();
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, run } = useSubmitLock();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<CustomerNameValues>({ resolver: zodResolver(customerNameSchema), mode: "onTouched", defaultValues: { name: customer.Name } });

  // A name saved elsewhere (another tab, the list) shows up unless this form is being edited.
  useEffect(() => reset({ name: customer.Name }, { keepDirtyValues: true }), [customer.Name, reset]);

  const message = (value: unknown): string | undefined =>
    isCustomerValidationKey(value) ? t(`validation.${value}`) : typeof value === "string" && value !== "" ? value : undefined;

  const onValid = (values: CustomerNameValues) =>
    run(async () => {
      setFormError(null);
      try {
        const saved = await updateCustomer(customer.ID, { Name: values.name.trim() });
        customerChanged(client, saved);
        reset({ name: saved.Name });
        notify("success", t("settings.saved"));
      } catch (error) {
        const reason = tc(errorMessageKey(error));
        if (fieldsOf(error, { Name: "name" as const }).length > 0) setError("name", { type: "server", message: reason }, { shouldFocus: true });
        else setFormError(`${t("settings.saveFailed")} ${reason}`);
      }
    });

  return (
    <form
      ref={formRef}
      className="console-form"
      noValidate
      aria-busy={busy}
      onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}
    >
      <Field label={t("settings.name")} autoComplete="off" maxLength={400} error={message(errors.name?.message)} {...register("name")} />
      <FormError message={formError} />
      <div className="console-form__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t("settings.saving") : t("settings.save")}
        </button>
      </div>
    </form>
  );
}

function StateSection({ customer, isMaster }: { customer: ManagedCustomer; isMaster: boolean }) {
  const t = useCustomersT();
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const headingId = useId();
  const { busy, run } = useSubmitLock();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const setDisabled = (disabled: boolean) =>
    run(async () => {
      setError(null);
      try {
        const saved = await updateCustomer(customer.ID, { IsDisabled: disabled });
        customerChanged(client, saved);
        setAsking(false);
        notify("success", disabled ? t("settings.disabledDone", { name: saved.Name }) : t("settings.enabled", { name: saved.Name }));
      } catch (failure) {
        setError(`${t("settings.stateFailed")} ${tc(errorMessageKey(failure))}`);
      }
    });

  return (
    <section className="customer-settings__state" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("settings.stateTitle")}</h3>
      <p>{customer.IsDisabled ? t("settings.disabledBody") : t("settings.activeBody")}</p>
      {!isMaster ? (
        <p className="muted">{t("settings.masterOnly")}</p>
      ) : customer.IsDisabled ? (
        <button type="button" className="button" disabled={busy} onClick={() => void setDisabled(false)}>
          {busy ? t("settings.enabling") : t("settings.enable")}
        </button>
      ) : (
        <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
          {t("settings.disable")}
        </button>
      )}
      {!asking ? <FormError message={error} /> : null}
      {asking ? (
        <ConfirmDialog
          title={t("disableDialog.title", { name: customer.Name })}
          body={t("disableDialog.body", { name: customer.Name })}
          confirmLabel={t("disableDialog.confirm")}
          busyLabel={t("disableDialog.busy")}
          cancelLabel={t("disableDialog.cancel")}
          busy={busy}
          error={error}
          onConfirm={() => void setDisabled(true)}
          onCancel={() => {
            setAsking(false);
            setError(null);
          }}
        />
      ) : null}
    </section>
  );
}

export function CustomerSettingsScreen({ customerId }: { customerId: string }) {
  const t = useCustomersT();
  const query = useQuery(customerQuery(customerId));
  const master = useQuery(isMasterQuery());
  const customer = query.data;
  return (
    // Not a landmark of its own: the customer's page wraps it in a region named after the section.
    <div className="customer-settings">
      <h2>{t("settings.title")}</h2>
      <LoadState query={query} loadingText={t("loading")} failedText={t("settings.loadFailed")} />
      {customer ? (
        <>
          <NameForm customer={customer} />
          <StateSection customer={customer} isMaster={master.data === true} />
        </>
      ) : null}
    </div>
  );
}
