/**
 * The event settings form, for creating and for editing (react-hook-form + zod, `schema.ts`).
 * The internal name is checked while the person types: its format and the reserved names at
 * once, whether it is taken after a pause (`use-name-check.ts`). Begin and end are wall-clock
 * times in the chosen zone, sent as UTC. A refused save keeps what was typed and puts the
 * server's message beside the field it names (`server-errors.ts`), or above the buttons.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useFieldArray, useForm, useWatch, type FieldPath } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "@/components/CheckboxField";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { SelectField } from "@/components/SelectField";
import type { ErrorMessageKey } from "@/lib/errors";
import { supportedLanguages } from "@/lib/locale";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import type { Customer, ManagedEvent } from "./api";
import { PrepublishFindings } from "./PrepublishFindings";
import { prepublishFindingsOf, type PrepublishFinding } from "./prepublish-api";
import { eventFormSchema, isEventValidationKey, ISOLATIONS_MAX, RETENTION_MAX_DAYS, RETENTION_MIN_DAYS, toSettingsBody, type EventFormValues, type EventSettingsBody } from "./schema";
import { mapServerError } from "./server-errors";
import { timeZoneOptions } from "./time";
import { useNameCheck, type NameStatus } from "./use-name-check";

export interface EventFormProps {
  mode: "create" | "edit";
  defaultValues: EventFormValues;
  /** Create: the customers the event may belong to. */
  customers?: readonly Customer[];
  /** Edit: the event as stored (its own name is not "taken"). */
  event?: ManagedEvent;
  /** Sends the body; throws the API error on refusal. */
  save: (body: EventSettingsBody, values: EventFormValues) => Promise<ManagedEvent>;
  onSaved: (event: ManagedEvent, values: EventFormValues) => void;
}

const nameStatusKey = {
  checking: "eventForm.nameChecking",
  free: "eventForm.nameFree",
  unknown: "eventForm.nameCheckFailed",
} as const;

export function EventForm({ mode, defaultValues, customers = [], event, save, onSaved }: EventFormProps) {
  const { t } = useTranslation("console");
  const { t: tc } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, run } = useSubmitLock();
  const [formError, setFormError] = useState<ErrorMessageKey | null>(null);
  // Listing refused by the pre-publish check (409 PREPUBLISH_FAILED): its error findings.
  const [prepublishFindings, setPrepublishFindings] = useState<PrepublishFinding[]>([]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    trigger,
    reset,
    formState: { errors },
  } = useForm<EventFormValues>({
    resolver: zodResolver(eventFormSchema({ requireCustomer: mode === "create" })),
    mode: "onTouched",
    defaultValues,
  });
  const isolations = useFieldArray({ control, name: "Isolations" });

  const name = useWatch({ control, name: "InternalName" });
  const zone = useWatch({ control, name: "TimeZone" });
  const nameStatus: NameStatus = useNameCheck(name, event?.ID, event?.InternalName);
  const zones = timeZoneOptions(defaultValues.TimeZone);

  /** A field's message: a console validation key, or a server error's key (lib/errors.ts). */
  const message = (value: unknown): string | undefined => {
    if (isEventValidationKey(value)) return t(`validation.${value}`);
    if (typeof value === "string" && value.startsWith("errors.")) return tc(value as ErrorMessageKey);
    return undefined;
  };
  const nameError = message(errors.InternalName?.message) ?? (nameStatus === "taken" ? t("validation.nameTaken") : undefined);
  const nameHint = t("eventForm.internalNameHint", { origin: window.location.origin, name: name || "…" });
  const nameStatusText =
    nameStatus === "checking" || nameStatus === "free" || nameStatus === "unknown" ? t(nameStatusKey[nameStatus]) : "";

  const onValid = (values: EventFormValues) =>
    run(async () => {
      if (nameStatus === "taken") {
        setFocus("InternalName");
        return;
      }
      setFormError(null);
      setPrepublishFindings([]);
      try {
        const saved = await save(toSettingsBody(values), values);
        // Editing goes on from what was saved (nothing is "changed" any more).
        if (mode === "edit") reset(values);
        onSaved(saved, values);
      } catch (error) {
        setPrepublishFindings(prepublishFindingsOf(error));
        const mapped = mapServerError(error);
        if (mapped.fields.length === 0) {
          setFormError(mapped.message);
          return;
        }
        mapped.fields.forEach((field, index) =>
          setError(field as FieldPath<EventFormValues>, { type: "server", message: mapped.message }, { shouldFocus: index === 0 }),
        );
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
      <fieldset>
        <legend>{t("eventForm.general")}</legend>
        {mode === "create" ? (
          <SelectField label={t("eventForm.customer")} error={message(errors.CustomerID?.message)} {...register("CustomerID")}>
            {customers.length !== 1 ? <option value="">{t("eventForm.chooseCustomer")}</option> : null}
            {customers.map((c) => (
              <option key={c.ID} value={c.ID}>
                {c.Name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <Field label={t("eventForm.title")} autoComplete="off" maxLength={400} error={message(errors.Title?.message)} {...register("Title")} />
        <Field
          label={t("eventForm.internalName")}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          error={nameError}
          hint={nameHint}
          {...register("InternalName", { onChange: () => void trigger("InternalName") })}
        />
        <p className="field__hint console-name-status" aria-live="polite">
          {nameError ? "" : nameStatusText}
        </p>
      </fieldset>

      <fieldset>
        <legend>{t("eventForm.schedule")}</legend>
        <SelectField label={t("eventForm.timeZone")} error={message(errors.TimeZone?.message)} {...register("TimeZone", { deps: ["DateEnd"] })}>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </SelectField>
        <div className="field-row">
          <Field
            label={t("eventForm.begin")}
            type="datetime-local"
            error={message(errors.DateBegin?.message)}
            hint={t("eventForm.timesHint", { zone })}
            {...register("DateBegin", { deps: ["DateEnd"] })}
          />
          <Field
            label={t("eventForm.end")}
            type="datetime-local"
            error={message(errors.DateEnd?.message)}
            hint={t("eventForm.timesHint", { zone })}
            {...register("DateEnd")}
          />
        </div>
      </fieldset>

      <fieldset>
        <legend>{t("eventForm.visibility")}</legend>
        <SelectField label={t("eventForm.defaultLanguage")} error={message(errors.DefaultLanguage?.message)} {...register("DefaultLanguage")}>
          {supportedLanguages.map((lang) => (
            <option key={lang} value={lang} lang={lang}>
              {tc(`languages.${lang}`)}
            </option>
          ))}
        </SelectField>
        <CheckboxField label={t("eventForm.isListed")} error={message(errors.IsListed?.message)} {...register("IsListed")} />
      </fieldset>

      <fieldset>
        <legend>{t("eventForm.privacy")}</legend>
        <Field
          label={t("eventForm.chatRetentionDays")}
          hint={t("eventForm.chatRetentionHint", { min: RETENTION_MIN_DAYS, max: RETENTION_MAX_DAYS })}
          inputMode="numeric"
          autoComplete="off"
          error={message(errors.ChatRetentionDays?.message)}
          {...register("ChatRetentionDays")}
        />
      </fieldset>

      <fieldset>
        <legend>{t("eventForm.isolation")}</legend>
        <CheckboxField label={t("eventForm.isUseIsolation")} error={message(errors.IsUseIsolation?.message)} {...register("IsUseIsolation")} />
        <div role="group" aria-labelledby="isolations-label" className="console-isolations">
          <p id="isolations-label" className="console-isolations__label">
            {t("eventForm.isolationsLabel")}
          </p>
          {isolations.fields.length === 0 ? <p className="muted small">{t("eventForm.noIsolations")}</p> : null}
          <ol>
            {isolations.fields.map((item, index) => (
              <li key={item.id} className="console-isolations__item">
                <Field
                  label={t("eventForm.isolationLabel", { number: index + 1 })}
                  autoComplete="off"
                  error={message(errors.Isolations?.[index]?.value?.message)}
                  {...register(`Isolations.${index}.value` as const)}
                />
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => isolations.remove(index)}
                  aria-label={t("eventForm.removeIsolation", { number: index + 1 })}
                >
                  {t("eventForm.remove")}
                </button>
              </li>
            ))}
          </ol>
          {message(errors.Isolations?.message ?? errors.Isolations?.root?.message) ? (
            <p className="field__error" role="alert">
              {message(errors.Isolations?.message ?? errors.Isolations?.root?.message)}
            </p>
          ) : null}
          <button
            type="button"
            className="button button--secondary"
            disabled={isolations.fields.length >= ISOLATIONS_MAX}
            onClick={() => isolations.append({ value: "" })}
          >
            {t("eventForm.addIsolation")}
          </button>
        </div>
      </fieldset>

      <FormError message={formError && tc(formError)} />
      {prepublishFindings.length > 0 ? (
        <PrepublishFindings findings={prepublishFindings} eventId={event?.ID} headingLevel={mode === "create" ? 2 : 3} />
      ) : null}
      <div className="console-form__actions">
        <button type="submit" className="button" disabled={busy}>
          {mode === "create" ? (busy ? t("eventForm.creating") : t("eventForm.create")) : busy ? t("eventForm.saving") : t("eventForm.save")}
        </button>
      </div>
    </form>
  );
}
