/**
 * Approving an event request: the customer the event is for (one of the customers, or a new one
 * by name) and the event's internal name, started from the request's title and checked as the
 * event form checks it (format, reserved names, then "taken" asked while typing).
 * `POST /event-requests/{RequestID}/approve`; a refusal stays in the dialog beside the field it
 * names, with what was typed; 409 `CONFLICT` (decided meanwhile) says so and refreshes the lists.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DialogActions } from "@/components/DialogActions";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { Modal } from "@/components/Modal";
import { SelectField } from "@/components/SelectField";
import { ApiError } from "@/lib/api-client";
import { errorMessageKey } from "@/lib/errors";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import { customersQuery } from "../api";
import { isEventValidationKey } from "../schema";
import { useNameCheck } from "../use-name-check";
import { approveRequest, type EventRequestRow } from "./api";
import { useRequestsT } from "./requests-i18n";
import { approveSchema, isRequestValidationKey, suggestInternalName, toApproveBody, type ApproveValues } from "./schema";

type FieldName = FieldPath<ApproveValues>;
const serverFields: Record<string, FieldName> = { CustomerID: "CustomerID", NewCustomerName: "NewCustomerName", InternalName: "InternalName" };

/** The form fields a refusal names: a 422's `Problems[].Name`, or the field's key in `Data`. */
function refusedFields(error: unknown): FieldName[] {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== "object") return [];
  const data = error.data as Record<string, unknown>;
  const problems = Array.isArray(data.Problems) ? (data.Problems as unknown[]) : [];
  const named = [
    ...problems.map((p) => (p && typeof p === "object" ? (p as { Name?: unknown }).Name : undefined)),
    ...Object.keys(data),
  ];
  return [...new Set(named.map((n) => (typeof n === "string" ? serverFields[n] : undefined)).filter((f): f is FieldName => f !== undefined))];
}

const nameStatusKey = { checking: "eventForm.nameChecking", free: "eventForm.nameFree", unknown: "eventForm.nameCheckFailed" } as const;

export type ApproveResult = { kind: "approved"; row: EventRequestRow; internalName: string } | { kind: "decided" };

export function ApproveRequestDialog({ row, onClose, onDone }: { row: EventRequestRow; onClose: () => void; onDone: (result: ApproveResult) => void }) {
  const t = useRequestsT();
  const { t: tcon } = useTranslation("console");
  const { t: tc } = useTranslation();
  const titleId = useId();
  const introId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, run } = useSubmitLock();
  const [formError, setFormError] = useState<string | null>(null);
  const customers = useQuery(customersQuery());
  const choices = customers.data ?? [];
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    trigger,
    formState: { errors },
  } = useForm<ApproveValues>({
    resolver: zodResolver(approveSchema),
    mode: "onTouched",
    defaultValues: { customerChoice: "existing", CustomerID: "", NewCustomerName: "", InternalName: row.InternalName || suggestInternalName(row.Title) },
  });
  const choice = useWatch({ control, name: "customerChoice" });
  const name = useWatch({ control, name: "InternalName" });
  const nameStatus = useNameCheck(name);
  // With no customer to choose, a new one is the only way.
  const noCustomers = customers.isSuccess && choices.length === 0;
  useEffect(() => {
    if (noCustomers) setValue("customerChoice", "new");
  }, [noCustomers, setValue]);

  const message = (value: unknown): string | undefined => {
    if (isEventValidationKey(value)) return tcon(`validation.${value}`);
    if (isRequestValidationKey(value)) return t(`validation.${value}`);
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const nameError = message(errors.InternalName?.message) ?? (nameStatus === "taken" ? tcon("validation.nameTaken") : undefined);
  const nameStatusText = nameStatus === "checking" || nameStatus === "free" || nameStatus === "unknown" ? tcon(nameStatusKey[nameStatus]) : "";

  const onValid = (values: ApproveValues) =>
    run(async () => {
      if (nameStatus === "taken") {
        setFocus("InternalName");
        return;
      }
      setFormError(null);
      try {
        const decided = await approveRequest(row.ID, toApproveBody(values));
        onDone({ kind: "approved", row: decided, internalName: values.InternalName });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409 && error.code === "CONFLICT") {
          onDone({ kind: "decided" });
          return;
        }
        const reason = tc(errorMessageKey(error));
        const fields = refusedFields(error);
        fields.forEach((field, index) => setError(field, { type: "server", message: reason }, { shouldFocus: index === 0 }));
        if (fields.length === 0) setFormError(`${t("approve.failed")} ${reason}`);
      }
    });

  return (
    <Modal role="dialog" labelledBy={titleId} describedBy={introId} busy={busy} onCancel={onClose}>
      <h2 id={titleId}>{t("approve.title", { title: row.Title })}</h2>
      <p id={introId}>{t("approve.intro", { name: row.RequesterName || row.RequesterEMail, email: row.RequesterEMail })}</p>
      <form
        ref={formRef}
        className="console-form requests-form"
        noValidate
        aria-busy={busy}
        onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}
      >
        <fieldset>
          <legend>{t("approve.customerLegend")}</legend>
          {noCustomers ? (
            <p className="field__hint">{t("approve.noCustomers")}</p>
          ) : (
            <div className="requests-form__choice">
              <label>
                <input type="radio" value="existing" {...register("customerChoice")} /> {t("approve.existing")}
              </label>
              <label>
                <input type="radio" value="new" {...register("customerChoice")} /> {t("approve.new")}
              </label>
            </div>
          )}
          {choice === "existing" ? (
            <SelectField label={t("approve.customer")} error={message(errors.CustomerID?.message)} aria-busy={customers.isPending || undefined} {...register("CustomerID")}>
              <option value="">{tcon("eventForm.chooseCustomer")}</option>
              {choices.map((c) => (
                <option key={c.ID} value={c.ID}>
                  {c.Name}
                </option>
              ))}
            </SelectField>
          ) : (
            <Field
              label={t("approve.newName")}
              hint={t("approve.newNameHint")}
              autoComplete="off"
              maxLength={400}
              error={message(errors.NewCustomerName?.message)}
              {...register("NewCustomerName")}
            />
          )}
          {customers.isError ? <p className="form-error">{tc(errorMessageKey(customers.error))}</p> : null}
        </fieldset>
        <Field
          label={tcon("eventForm.internalName")}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          error={nameError}
          hint={tcon("eventForm.internalNameHint", { origin: window.location.origin, name: name || "…" })}
          {...register("InternalName", { onChange: () => void trigger("InternalName") })}
        />
        <p className="field__hint console-name-status" aria-live="polite">
          {nameError ? "" : nameStatusText}
        </p>
        <FormError message={formError} />
        <DialogActions
          cancelLabel={t("approve.cancel")}
          onCancel={onClose}
          confirmLabel={t("approve.submit")}
          busyLabel={t("approve.submitting")}
          busy={busy}
        />
      </form>
    </Modal>
  );
}
