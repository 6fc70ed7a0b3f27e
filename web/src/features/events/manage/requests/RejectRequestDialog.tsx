/**
 * Rejecting an event request with a reason, which the server mails to the requester:
 * `POST /event-requests/{RequestID}/reject {Reason}` (trimmed). A refusal stays in the dialog with
 * the reason as typed; 409 `CONFLICT` (decided meanwhile) says so and refreshes the lists.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DialogActions } from "@/components/DialogActions";
import { FormError } from "@/components/FormError";
import { Modal } from "@/components/Modal";
import { TextareaField } from "@/components/TextareaField";
import { ApiError } from "@/lib/api-client";
import { errorMessageKey } from "@/lib/errors";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import { rejectRequest, type EventRequestRow } from "./api";
import { useRequestsT } from "./requests-i18n";
import { isRequestValidationKey, REASON_MAX, rejectSchema, type RejectValues } from "./schema";

export type RejectResult = { kind: "rejected"; row: EventRequestRow } | { kind: "decided" };

export function RejectRequestDialog({ row, onClose, onDone }: { row: EventRequestRow; onClose: () => void; onDone: (result: RejectResult) => void }) {
  const t = useRequestsT();
  const { t: tc } = useTranslation();
  const titleId = useId();
  const introId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, run } = useSubmitLock();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RejectValues>({ resolver: zodResolver(rejectSchema), mode: "onTouched", defaultValues: { Reason: "" } });

  const message = (value: unknown) =>
    isRequestValidationKey(value) ? t(`validation.${value}`) : typeof value === "string" && value !== "" ? value : undefined;

  const onValid = (values: RejectValues) =>
    run(async () => {
      setFormError(null);
      try {
        onDone({ kind: "rejected", row: await rejectRequest(row.ID, values.Reason.trim()) });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409 && error.code === "CONFLICT") {
          onDone({ kind: "decided" });
          return;
        }
        const reason = tc(errorMessageKey(error));
        if (error instanceof ApiError && error.status === 422) setError("Reason", { type: "server", message: reason }, { shouldFocus: true });
        else setFormError(`${t("reject.failed")} ${reason}`);
      }
    });

  return (
    <Modal role="dialog" labelledBy={titleId} describedBy={introId} busy={busy} onCancel={onClose}>
      <h2 id={titleId}>{t("reject.title", { title: row.Title })}</h2>
      <p id={introId}>{t("reject.intro", { name: row.RequesterName || row.RequesterEMail, email: row.RequesterEMail })}</p>
      <form
        ref={formRef}
        className="console-form requests-form"
        noValidate
        aria-busy={busy}
        onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}
      >
        <TextareaField
          label={t("reject.reason")}
          hint={t("reject.reasonHint")}
          rows={5}
          maxLength={REASON_MAX + 200}
          error={message(errors.Reason?.message)}
          {...register("Reason")}
        />
        <FormError message={formError} />
        <DialogActions
          cancelLabel={t("reject.cancel")}
          onCancel={onClose}
          confirmLabel={t("reject.submit")}
          busyLabel={t("reject.submitting")}
          busy={busy}
          danger
        />
      </form>
    </Modal>
  );
}
