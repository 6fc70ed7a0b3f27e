/**
 * Asking the help desk: a topic and a first message (react-hook-form + zod: ticket-schema.ts).
 * Validation first, the first invalid field focused; then one request however often it is
 * submitted. The TmpID stays the same while topic and message do, so sending again after a lost
 * answer opens the conversation once (the server answers the same ticket). A refusal naming a
 * field goes beside it; any other (five conversations open already, sending too fast, offline)
 * stands above the button, as an alert.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { TextareaField } from "@/components/TextareaField";
import { newTmpID } from "@/lib/realtime";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import { openTicket, type Ticket } from "./api";
import { refusedFields } from "./errors";
import { useHelpdeskT, useRefusalText } from "./i18n";
import { chars, isTicketMessage, MAX_TEXT, MAX_TOPIC, ticketSchema, type TicketValues } from "./ticket-schema";

export function NewTicketForm({ eventID, onOpened }: { eventID: string; onOpened: (ticket: Ticket) => void }) {
  const { t } = useHelpdeskT();
  const refusal = useRefusalText();
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const attempt = useRef<{ topic: string; text: string; tmpID: string } | null>(null);
  const { busy, run } = useSubmitLock();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TicketValues>({ resolver: zodResolver(ticketSchema), mode: "onTouched", defaultValues: { Topic: "", Text: "" } });
  const { register, handleSubmit, setError, formState, control, reset } = form;
  const text = useWatch({ control, name: "Text" });

  const message = (value: unknown): string | undefined => {
    if (isTicketMessage(value)) return t(`form.${value}`, { max: value === "topicTooLong" ? MAX_TOPIC : MAX_TEXT });
    return typeof value === "string" && value !== "" ? value : undefined;
  };

  const onValid = (values: TicketValues) =>
    run(async () => {
      setFormError(null);
      const topic = values.Topic.trim();
      if (attempt.current?.topic !== topic || attempt.current.text !== values.Text) attempt.current = { topic, text: values.Text, tmpID: newTmpID() };
      try {
        const ticket = await openTicket(eventID, { Topic: topic, Text: values.Text, TmpID: attempt.current.tmpID });
        attempt.current = null;
        reset();
        onOpened(ticket);
      } catch (error) {
        const reason = refusal(error);
        const fields = refusedFields(error).filter((f): f is keyof TicketValues => f === "Topic" || f === "Text");
        if (fields.length === 0) setFormError(t("form.failed", { reason }));
        else fields.forEach((field, i) => setError(field, { type: "server", message: reason }, { shouldFocus: i === 0 }));
      }
    });

  return (
    <section className="helpdesk-form" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("form.title")}</h2>
      <form ref={formRef} noValidate aria-busy={busy} onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}>
        <Field label={t("form.topic")} hint={t("form.topicHint")} autoComplete="off" maxLength={MAX_TOPIC * 2} error={message(formState.errors.Topic?.message)} {...register("Topic")} />
        <TextareaField
          label={t("form.message")}
          hint={t("form.counter", { count: chars(text), max: MAX_TEXT })}
          rows={4}
          error={message(formState.errors.Text?.message)}
          {...register("Text")}
        />
        <FormError message={formError} />
        <p>
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {busy ? t("form.sending") : t("form.send")}
          </button>
        </p>
      </form>
    </section>
  );
}
