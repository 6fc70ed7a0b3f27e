/**
 * Creating or editing a poll, in a dialog (the shared `Modal`: focus kept inside, Escape, focus
 * given back): the question, the options (PollOptionsField), how attendees answer, who sees the
 * results when, an optional schedule in the event's zone, and where it shows (PollPlaceFields).
 * Saving validates first (poll-schema.ts), sends once however often it is submitted, and keeps
 * what was typed when refused, with the server's reason beside the field it names.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo, useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "@/components/CheckboxField";
import { DialogActions } from "@/components/DialogActions";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { Modal } from "@/components/Modal";
import { SelectField } from "@/components/SelectField";
import { TextareaField } from "@/components/TextareaField";
import { notify } from "@/features/notifications";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import { RESULTS_MODES, type PollView } from "./api";
import { pollErrorFields, pollErrorMessage } from "./poll-errors";
import { isPollValidationKey, MAX_OPTION, MAX_QUESTION, pollFormSchema, pollValues, toPollBody, type PollFormValues } from "./poll-schema";
import type { PollWrites } from "./poll-writes";
import { PollOptionsField } from "./PollOptionsField";
import { PollPlaceFields, type SessionsState } from "./PollPlaceFields";
import { usePollsT } from "./polls-manage-i18n";
import type { RoomsState } from "./tour-rooms";

export interface PollDialogProps {
  /** The poll to edit, or null for a new one. */
  poll: PollView | null;
  timeZone: string;
  rooms: RoomsState;
  sessions: SessionsState;
  writes: PollWrites;
  onClose: () => void;
}

export function PollDialog({ poll, timeZone, rooms, sessions, writes, onClose }: PollDialogProps) {
  const t = usePollsT();
  const { t: tc } = useTranslation();
  const titleId = useId();
  const answerId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const draggingRef = useRef(false);
  const { busy, run } = useSubmitLock();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => pollFormSchema(timeZone), [timeZone]);
  const form = useForm<PollFormValues>({ resolver: zodResolver(schema), mode: "onTouched", defaultValues: pollValues(poll, timeZone) });
  const { register, handleSubmit, setError, formState } = form;
  const errors = formState.errors;

  const message = (value: unknown): string | undefined => {
    if (isPollValidationKey(value)) return t(`validation.${value}`, { max: value === "questionTooLong" ? MAX_QUESTION : MAX_OPTION, zone: timeZone });
    return typeof value === "string" && value !== "" ? value : undefined;
  };

  const onValid = (values: PollFormValues) =>
    run(async () => {
      setFormError(null);
      try {
        const body = toPollBody(values, poll, timeZone);
        const saved = poll ? await writes.update(poll.ID, body) : await writes.create(body);
        notify("success", t(poll ? "form.saved" : "form.created", { question: saved.Question }));
        onClose();
      } catch (error) {
        const said = pollErrorMessage(error);
        const text = "own" in said ? t(said.own) : tc(said.shared);
        const fields = pollErrorFields(error, values);
        if (fields.length === 0) {
          setFormError(t("form.notSaved", { reason: text }));
          return;
        }
        fields.forEach((field, i) => setError(field, { type: "server", message: text }, { shouldFocus: i === 0 }));
      }
    });

  return (
    <Modal
      labelledBy={titleId}
      role="dialog"
      busy={busy}
      onCancel={() => {
        // Escape while an option is dragged cancels the drag, not the form. The dialog keeps the
        // key from reaching the document, where dnd-kit listens for it, so it is handed on.
        if (draggingRef.current) document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", code: "Escape" }));
        else onClose();
      }}
    >
      <h2 id={titleId}>{poll ? t("form.editTitle") : t("form.addTitle")}</h2>
      <FormProvider {...form}>
        <form
          ref={formRef}
          className="console-form polls-form"
          noValidate
          aria-busy={busy}
          onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}
        >
          <TextareaField label={t("form.question")} rows={2} error={message(errors.Question?.message)} {...register("Question")} />
          {poll && (poll.Tally?.Ballots ?? 0) > 0 ? <p className="notice small">{t("form.hasBallots")}</p> : null}
          <PollOptionsField message={message} draggingRef={draggingRef} />

          <fieldset>
            <legend>{t("form.answers")}</legend>
            <div className="polls-choice">
              {(["single", "multiple"] as const).map((value) => (
                <div key={value} className="field field--checkbox">
                  <input id={`${answerId}-${value}`} type="radio" value={value} {...register("Multiple")} />
                  <label htmlFor={`${answerId}-${value}`}>{t(`form.${value}`)}</label>
                </div>
              ))}
            </div>
            <CheckboxField label={t("form.allowOther")} {...register("AllowOther")} />
            <CheckboxField label={t("form.allowChange")} {...register("AllowChange")} />
            <SelectField label={t("form.results")} hint={t("form.resultsHint")} {...register("Results")}>
              {RESULTS_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`form.resultsModes.${mode}`)}
                </option>
              ))}
            </SelectField>
          </fieldset>

          <fieldset>
            <legend>{t("form.schedule")}</legend>
            <p className="small muted">{t("form.scheduleHint", { zone: timeZone })}</p>
            <div className="polls-dates">
              <Field label={t("form.opensAt")} type="datetime-local" error={message(errors.OpensAt?.message)} {...register("OpensAt", { deps: ["ClosesAt"] })} />
              <Field label={t("form.closesAt")} type="datetime-local" error={message(errors.ClosesAt?.message)} {...register("ClosesAt")} />
            </div>
          </fieldset>

          <PollPlaceFields rooms={rooms} sessions={sessions} timeZone={timeZone} message={message} />

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
      </FormProvider>
    </Modal>
  );
}
