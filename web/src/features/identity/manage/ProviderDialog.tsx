/**
 * Adding or editing a sign-in provider, in a dialog (the shared `Modal`): its kind (Google presets
 * the issuer and the label), the button label, issuer, client ID and secret, scopes, which events
 * show it, and whether it is shown. The client secret is write-only: a password field that, when
 * editing, stays empty and keeps the stored secret unless something is typed. Saving validates
 * first (provider-schema.ts), sends once, and keeps what was typed when refused, with the
 * server's reason beside the field it names.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "@/components/CheckboxField";
import { DialogActions } from "@/components/DialogActions";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { LoadState } from "@/components/LoadState";
import { Modal } from "@/components/Modal";
import { SelectField } from "@/components/SelectField";
import { errorMessageKey } from "@/lib/errors";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import { customerEventsQuery, isStatus, problemNames, type ProviderBody, type SignInProviderRow } from "./api";
import { useIdentityT } from "./identity-manage-i18n";
import { isProviderValidationKey, maxOf, presets, providerSchema, providerValues, toProviderBody, type ProviderFormValues } from "./provider-schema";

type FieldName = "Label" | "Issuer" | "ClientID" | "ClientSecret" | "Scopes" | "EventIDs";
const FIELDS: readonly string[] = ["Label", "Issuer", "ClientID", "ClientSecret", "Scopes", "EventIDs"];

export interface ProviderDialogProps {
  customerId: string;
  /** The provider to edit, or null for a new one. */
  provider: SignInProviderRow | null;
  save: (body: ProviderBody) => Promise<SignInProviderRow>;
  onSaved: (saved: SignInProviderRow) => void;
  onClose: () => void;
}

export function ProviderDialog({ customerId, provider, save, onSaved, onClose }: ProviderDialogProps) {
  const t = useIdentityT();
  const { t: tc } = useTranslation();
  const titleId = useId();
  const scopeId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, run } = useSubmitLock();
  const [formError, setFormError] = useState<string | null>(null);
  const creating = provider === null;
  const schema = useMemo(() => providerSchema(creating), [creating]);
  const { register, control, handleSubmit, setError, setValue, getValues, formState } = useForm<ProviderFormValues>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: providerValues(provider),
  });
  const errors = formState.errors;
  const kind = useWatch({ control, name: "Kind" });
  const eventScope = useWatch({ control, name: "EventScope" });
  const events = useQuery(customerEventsQuery(customerId));

  const message = (field: keyof ProviderFormValues, value: unknown): string | undefined => {
    if (isProviderValidationKey(value)) return t(`validation.${value}`, { max: maxOf[field] ?? 0 });
    return typeof value === "string" && value !== "" ? value : undefined;
  };

  // Choosing a kind presets what the kind fixes; a label typed by hand is kept.
  const kindField = register("Kind", {
    onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
      const next = e.target.value === "google" ? "google" : "oidc";
      const label = getValues("Label").trim();
      if (label === "" || label === presets.google.Label) setValue("Label", presets[next].Label);
      const issuer = getValues("Issuer").trim();
      if (next === "google" || issuer === presets.google.Issuer) setValue("Issuer", presets[next].Issuer, { shouldValidate: next === "google" });
    },
  });

  const onValid = (values: ProviderFormValues) =>
    run(async () => {
      setFormError(null);
      try {
        onSaved(await save(toProviderBody(values)));
      } catch (error) {
        const reason = isStatus(error, 403) ? t("forbidden") : tc(errorMessageKey(error));
        const fields = [...new Set(problemNames(error).filter((n) => FIELDS.includes(n)))] as FieldName[];
        if (fields.length === 0) {
          setFormError(t("form.notSaved", { reason }));
          return;
        }
        fields.forEach((field, i) => setError(field, { type: "server", message: reason }, { shouldFocus: i === 0 }));
      }
    });

  const google = kind === "google";
  const kindName = google ? t("kinds.google") : t("kinds.oidc");
  const secretHint = creating ? (google ? t("form.clientSecretNew") : `${t("form.clientSecretNew")} ${t("form.clientSecretOptional")}`) : t("form.clientSecretKeep");

  return (
    <Modal labelledBy={titleId} role="dialog" busy={busy} onCancel={onClose}>
      <h2 id={titleId}>{creating ? t("form.addTitle") : t("form.editTitle", { label: provider.Label })}</h2>
      <form
        ref={formRef}
        className="console-form signin-form"
        noValidate
        aria-busy={busy}
        onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}
      >
        {creating ? (
          <SelectField label={t("form.kind")} {...kindField}>
            <option value="google">{t("form.kindGoogle")}</option>
            <option value="oidc">{t("form.kindOidc")}</option>
          </SelectField>
        ) : (
          <p className="signin-form__kind">{t("form.kindFixed", { kind: kindName })}</p>
        )}
        <Field label={t("form.label")} hint={t("form.labelHint")} autoComplete="off" maxLength={LABEL_INPUT_MAX} error={message("Label", errors.Label?.message)} {...register("Label")} />
        <Field
          label={t("form.issuer")}
          hint={google ? t("form.issuerGoogle") : t("form.issuerHint")}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          readOnly={google}
          error={message("Issuer", errors.Issuer?.message)}
          {...register("Issuer")}
        />
        <Field label={t("form.clientId")} autoComplete="off" spellCheck={false} error={message("ClientID", errors.ClientID?.message)} {...register("ClientID")} />
        {creating ? null : <p className="small signin-form__secret-state">{provider.HasClientSecret ? t("form.secretStored") : t("form.secretNone")}</p>}
        <Field
          label={t("form.clientSecret")}
          hint={secretHint}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          error={message("ClientSecret", errors.ClientSecret?.message)}
          {...register("ClientSecret")}
        />
        <Field label={t("form.scopes")} hint={t("form.scopesHint")} autoComplete="off" spellCheck={false} error={message("Scopes", errors.Scopes?.message)} {...register("Scopes")} />

        <fieldset aria-describedby={errors.EventIDs ? `${scopeId}-error` : undefined}>
          <legend>{t("form.events")}</legend>
          {(["all", "chosen"] as const).map((value) => (
            <div key={value} className="field field--checkbox">
              <input id={`${scopeId}-${value}`} type="radio" value={value} {...register("EventScope", { deps: ["EventIDs"] })} />
              <label htmlFor={`${scopeId}-${value}`}>{value === "all" ? t("form.eventsAll") : t("form.eventsChosen")}</label>
            </div>
          ))}
          {eventScope === "chosen" ? (
            <div className="signin-form__events">
              <LoadState query={events} loadingText={t("form.eventsLoading")} failedText={t("form.eventsLoadFailed")} />
              {events.data && events.data.length === 0 ? <p className="small">{t("form.eventsNone")}</p> : null}
              {events.data?.map((event) => (
                <CheckboxField
                  key={event.ID}
                  label={`${event.Title} (/${event.InternalName})`}
                  value={event.ID}
                  aria-invalid={errors.EventIDs ? true : undefined}
                  {...register("EventIDs")}
                />
              ))}
            </div>
          ) : null}
          {errors.EventIDs ? (
            <p id={`${scopeId}-error`} className="field__error" role="alert">
              {message("EventIDs", errors.EventIDs.message)}
            </p>
          ) : null}
        </fieldset>

        <CheckboxField label={t("form.enabled")} {...register("IsEnabled")} />

        <FormError message={formError} />
        <DialogActions
          cancelLabel={t("cancel")}
          onCancel={onClose}
          confirmLabel={t("form.save")}
          busyLabel={t("form.saving")}
          busy={busy}
          keepFocusWhileBusy
        />
      </form>
    </Modal>
  );
}

/** Room beyond the rule's limit, so a pasted long label is cut by the rule's message, not silently. */
const LABEL_INPUT_MAX = 200;
