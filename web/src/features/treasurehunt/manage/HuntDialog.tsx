/**
 * Creating a hunt, or changing one's title and schedule, in a dialog (the shared `Modal`: focus
 * kept inside, Escape, focus given back): a title and, optionally, when finds count, in the
 * event's zone. The hunt is a `TreasureHunt` activity; saving validates first, sends once however
 * often it is submitted, and keeps what was typed when refused.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DialogActions } from "@/components/DialogActions";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { Modal } from "@/components/Modal";
import { notify } from "@/features/notifications";
import { errorMessageKey } from "@/lib/errors";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import type { Hunt, HuntKeys } from "../api";
import { createHunt, updateHunt } from "./api";
import { utcToZonedLocal } from "./event-time";
import { useManageT } from "./i18n";
import { huntSchema, type HuntValues, isValidationKey, LIMITS, toHuntBody } from "./schemas";

interface Props {
  eventId: string;
  timeZone: string;
  keys: HuntKeys;
  /** The hunt to change; without it a new one is created. */
  hunt?: Hunt | undefined;
  /** With the hunt's ID once it is saved. */
  onClose: (saved: string | null) => void;
}

function initialValues(hunt: Hunt | undefined, timeZone: string): HuntValues {
  if (!hunt) return { Title: "", DateBegin: "", DateEnd: "" };
  const local = (iso: string | null) => (iso ? utcToZonedLocal(iso, timeZone) : "");
  return { Title: hunt.Title, DateBegin: local(hunt.DateBegin), DateEnd: local(hunt.DateEnd) };
}

export function HuntDialog({ eventId, timeZone, keys, hunt, onClose }: Props) {
  const t = useManageT();
  const { t: shared } = useTranslation();
  const client = useQueryClient();
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, run } = useSubmitLock();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => huntSchema(timeZone), [timeZone]);
  const { register, handleSubmit, formState } = useForm<HuntValues>({ resolver: zodResolver(schema), mode: "onTouched", defaultValues: initialValues(hunt, timeZone) });
  const message = (value: unknown) => (isValidationKey(value) ? t(`validation.${value}`, { max: LIMITS.title }) : undefined);
  const errors = formState.errors;
  const submitLabel = hunt ? t(busy ? "huntForm.updating" : "huntForm.update") : t(busy ? "huntForm.saving" : "huntForm.save");

  const onValid = (values: HuntValues) =>
    run(async () => {
      setFormError(null);
      try {
        const body = toHuntBody(values, timeZone);
        const saved = hunt ? await updateHunt(eventId, hunt.ID, body) : await createHunt(eventId, body);
        await client.invalidateQueries({ queryKey: keys.hunts });
        const name = saved.Title || body.Title;
        notify("success", hunt ? t("huntForm.updated", { hunt: name }) : t("huntForm.created", { hunt: name }));
        onClose(saved.ID);
      } catch (error) {
        const reason = shared(errorMessageKey(error));
        setFormError(hunt ? t("huntForm.notUpdated", { reason }) : t("huntForm.notSaved", { reason }));
      }
    });

  return (
    <Modal labelledBy={titleId} role="dialog" busy={busy} onCancel={() => onClose(null)}>
      <h2 id={titleId}>{hunt ? t("huntForm.editTitle", { hunt: hunt.Title }) : t("huntForm.title")}</h2>
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
        <DialogActions
          cancelLabel={t("cancel")}
          onCancel={() => onClose(null)}
          confirmLabel={submitLabel}
          busy={busy}
          keepFocusWhileBusy
        />
      </form>
    </Modal>
  );
}
