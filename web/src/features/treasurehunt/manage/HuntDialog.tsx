/**
 * Creating a hunt, in a dialog (the shared `Modal`: focus kept inside, Escape, focus given back):
 * a title and, optionally, when finds count, in the event's zone. The hunt is a `TreasureHunt`
 * activity; saving validates first, sends once however often it is submitted, and keeps what
 * was typed when refused.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { Modal } from "@/components/Modal";
import { notify } from "@/features/notifications";
import { errorMessageKey } from "@/lib/errors";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import type { HuntKeys } from "../api";
import { createHunt } from "./api";
import { useManageT } from "./i18n";
import { huntSchema, type HuntValues, isValidationKey, LIMITS, toHuntBody } from "./schemas";

interface Props {
  eventId: string;
  timeZone: string;
  keys: HuntKeys;
  /** With the new hunt's ID once it is created. */
  onClose: (created: string | null) => void;
}

export function HuntDialog({ eventId, timeZone, keys, onClose }: Props) {
  const t = useManageT();
  const { t: shared } = useTranslation();
  const client = useQueryClient();
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, run } = useSubmitLock();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => huntSchema(timeZone), [timeZone]);
  const { register, handleSubmit, formState } = useForm<HuntValues>({ resolver: zodResolver(schema), mode: "onTouched", defaultValues: { Title: "", DateBegin: "", DateEnd: "" } });
  const message = (value: unknown) => (isValidationKey(value) ? t(`validation.${value}`, { max: LIMITS.title }) : undefined);
  const errors = formState.errors;

  const onValid = (values: HuntValues) =>
    run(async () => {
      setFormError(null);
      try {
        const created = await createHunt(eventId, toHuntBody(values, timeZone));
        await client.invalidateQueries({ queryKey: keys.hunts });
        notify("success", t("huntForm.created", { hunt: created.Title || values.Title.trim() }));
        onClose(created.ID);
      } catch (error) {
        setFormError(t("huntForm.notSaved", { reason: shared(errorMessageKey(error)) }));
      }
    });

  return (
    <Modal labelledBy={titleId} role="dialog" busy={busy} onCancel={() => onClose(null)}>
      <h2 id={titleId}>{t("huntForm.title")}</h2>
      <form ref={formRef} className="console-form hunt-form" noValidate aria-busy={busy} onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}>
        <Field label={t("huntForm.name")} error={message(errors.Title?.message)} {...register("Title")} />
        <fieldset>
          <legend>{t("huntForm.schedule")}</legend>
          <p className="small muted">{t("huntForm.scheduleHint", { zone: timeZone })}</p>
          <div className="hunt-dates">
            <Field label={t("huntForm.begin")} type="datetime-local" error={message(errors.DateBegin?.message)} {...register("DateBegin", { deps: ["DateEnd"] })} />
            <Field label={t("huntForm.end")} type="datetime-local" error={message(errors.DateEnd?.message)} {...register("DateEnd")} />
          </div>
        </fieldset>
        <FormError message={formError} />
        <div className="modal-actions">
          <button type="button" className="button button--secondary" onClick={() => onClose(null)} disabled={busy}>
            {t("cancel")}
          </button>
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {busy ? t("huntForm.saving") : t("huntForm.save")}
          </button>
        </div>
      </form>
    </Modal>
  );
}
