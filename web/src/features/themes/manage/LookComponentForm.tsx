/**
 * One component of the theme (MainTheme, HeaderTheme or ChatTheme): its fields, keys added by
 * hand, Save (`PUT /events/{EventID}/theme/{SubThemeType}`, the whole map: the server replaces the
 * level's map) and Reset (`PUT …/theme/{ThemeComponent}/reset`, after asking). The draft lives in
 * the screen, so the preview paints it while it is typed; a failed save leaves it as typed, with
 * the server's message beside each key it refused.
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { notify } from "@/features/notifications";
import { errorMessageKey } from "@/lib/errors";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import type { StyleMap } from "../theme";
import type { SubTheme, ThemeLevel } from "./look-api";
import { failureKey, refusedKeys } from "./look-errors";
import { LOOK_NS } from "./look-i18n";
import { useLookLabels } from "./look-labels";
import { draftToMap, fieldKeys, isDirty, type Draft, type FieldSpec, type Inherited } from "./look-model";
import { draftProblems } from "./look-schema";
import { LookField } from "./LookField";

export interface LookComponentFormProps {
  sub: SubTheme;
  specs: readonly FieldSpec[];
  draft: Draft;
  setDraft: (change: (draft: Draft) => Draft) => void;
  stored: StyleMap;
  inherited: Inherited;
  save: (sub: SubTheme, body: StyleMap) => Promise<ThemeLevel>;
  reset: (sub: SubTheme) => Promise<ThemeLevel>;
}

let rowCounter = 0;

export function LookComponentForm({ sub, specs, draft, setDraft, stored, inherited, save, reset }: LookComponentFormProps) {
  const { t } = useTranslation(LOOK_NS);
  const { t: tc } = useTranslation();
  const { componentName } = useLookLabels();
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, run } = useSubmitLock();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const name = componentName(sub);
  const baseName = inherited.base?.Name ?? null;
  const dirty = isDirty(draft, stored);

  const clearError = (path: string) =>
    setErrors((old) => (path in old ? Object.fromEntries(Object.entries(old).filter(([p]) => p !== path)) : old));

  const setValue = (key: string, value: string) => {
    setDraft((d) => ({ ...d, values: { ...d.values, [key]: value } }));
    clearError(`values.${key}`);
  };
  const setRow = (id: string, part: "key" | "value", value: string) => {
    setDraft((d) => ({ ...d, extra: d.extra.map((row) => (row.id === id ? { ...row, [part]: value } : row)) }));
    clearError(`extra.${id}.${part}`);
  };

  const submit = () => {
    const problems = draftProblems(sub, specs, draft);
    if (Object.keys(problems).length > 0) {
      setErrors(Object.fromEntries(Object.entries(problems).map(([path, key]) => [path, t(`validation.${key}`)])));
      setFormError(problems.extra ? t("validation.tooManyKeys") : null);
      focusFirstInvalid(formRef.current);
      return;
    }
    void run(async () => {
      setFormError(null);
      try {
        await save(sub, draftToMap(draft, stored));
        setErrors({});
        notify("success", t("components.saved", { component: name }));
      } catch (error) {
        const message = tc(failureKey(error));
        const fields = new Set(fieldKeys(specs));
        const named: Record<string, string> = {};
        for (const key of refusedKeys(error)) {
          const row = draft.extra.find((r) => r.key.trim() === key);
          if (fields.has(key)) named[`values.${key}`] = message;
          else if (row) named[`extra.${row.id}.value`] = message;
        }
        setErrors(named);
        if (Object.keys(named).length === 0) setFormError(t("components.notSaved", { reason: message }));
        else focusFirstInvalid(formRef.current);
      }
    });
  };

  return (
    <section className="look-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{name}</h3>
      <p className="muted">{t(`components.${sub}.intro`)}</p>
      <form
        ref={formRef}
        className="console-form look-form"
        noValidate
        aria-busy={busy}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {specs.map((spec) => (
          <LookField
            key={spec.key}
            sub={sub}
            spec={spec}
            values={draft.values}
            inherited={inherited.maps[sub]}
            from={inherited.from[sub]}
            baseName={baseName}
            errors={errors}
            onChange={setValue}
          />
        ))}
        {draft.extra.map((row) => (
          <fieldset key={row.id} className="look-extra">
            <legend>{t("extra.legend")}</legend>
            <Field label={t("extra.key")} value={row.key} autoComplete="off" spellCheck={false} hint={t("extra.keyHint")} error={errors[`extra.${row.id}.key`]} onChange={(e) => setRow(row.id, "key", e.target.value)} />
            <Field label={t("extra.value")} value={row.value} autoComplete="off" spellCheck={false} error={errors[`extra.${row.id}.value`]} onChange={(e) => setRow(row.id, "value", e.target.value)} />
            <button type="button" className="link-button small" onClick={() => setDraft((d) => ({ ...d, extra: d.extra.filter((r) => r.id !== row.id) }))}>
              {t("extra.remove")}
            </button>
          </fieldset>
        ))}
        <button
          type="button"
          className="link-button"
          onClick={() => {
            rowCounter += 1;
            const id = `row${rowCounter}`;
            setDraft((d) => ({ ...d, extra: [...d.extra, { id, key: "", value: "" }] }));
          }}
        >
          {t("extra.add")}
        </button>
        <FormError message={formError} />
        <div className="look-actions">
          <button type="submit" className="button" aria-disabled={busy || undefined} aria-label={`${busy ? t("components.saving") : t("components.save")} ${name}`}>
            {busy ? t("components.saving") : t("components.save")}
          </button>
          {Object.keys(stored).length > 0 ? <ResetButton subject={name} baseName={baseName} reset={() => reset(sub)} /> : null}
          {dirty ? <span className="small look-unsaved">{t("components.unsaved")}</span> : null}
        </div>
      </form>
    </section>
  );
}

/** Reset one part of the event's look, after saying what it returns to. */
export function ResetButton({ subject, baseName, reset, label }: { subject: string; baseName: string | null; reset: () => Promise<unknown>; label?: string }) {
  const { t } = useTranslation(LOOK_NS);
  const { t: tc } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useSubmitLock();
  const text = label ?? t("reset.button");
  const confirm = () =>
    run(async () => {
      setError(null);
      try {
        await reset();
        setAsking(false);
        notify("success", t("reset.done", { subject }));
      } catch (failure) {
        setError(t("reset.failed", { reason: tc(errorMessageKey(failure)) }));
      }
    });
  return (
    <>
      {/* The plain "Reset" of every component is named with it; a specific label is unique already. */}
      <button type="button" className="button button--secondary" aria-label={label ? undefined : `${text} ${subject}`} onClick={() => setAsking(true)}>
        {text}
      </button>
      {asking ? (
        <ConfirmDialog
          title={t("reset.title", { subject })}
          body={baseName === null ? t("reset.bodyDefault") : t("reset.bodyGlobal", { name: baseName })}
          confirmLabel={t("reset.confirm")}
          busyLabel={t("reset.busy")}
          cancelLabel={t("cancel")}
          busy={busy}
          error={error}
          onConfirm={() => void confirm()}
          onCancel={() => {
            setAsking(false);
            setError(null);
          }}
        />
      ) : null}
    </>
  );
}
