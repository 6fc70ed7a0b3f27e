/**
 * Rejecting a project asks why: the author reads the reason under their project. A dialog with
 * one required field (1–500 characters after trimming, as the server counts them), the field
 * focused when it opens, Escape or Cancel to leave, the focus returned to the Reject button that
 * opened it. A refusal stays in the dialog so the organizer can try again.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { type RefObject, useId, useRef } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { DialogActions } from "@/components/DialogActions";
import { FormError } from "@/components/FormError";
import { Modal } from "@/components/Modal";
import { TextareaField } from "@/components/TextareaField";
import { MAX_REASON } from "../api";
import { useWallT } from "../i18n";

const reasonSchema = z.object({
  Reason: z
    .string()
    .refine((v) => v.trim() !== "", "required")
    .refine((v) => Array.from(v.trim()).length <= MAX_REASON, "tooLong"),
});
type ReasonValues = z.infer<typeof reasonSchema>;

interface RejectDialogProps {
  title: string;
  busy: boolean;
  error: string | null;
  onReject: (reason: string) => void;
  onCancel: () => void;
  /** True when the screen moves the focus itself after a rejection. */
  keepFocus?: RefObject<boolean>;
}

export function RejectDialog({ title, busy, error, onReject, onCancel, keepFocus }: RejectDialogProps) {
  const { t } = useWallT();
  const titleId = useId();
  const bodyId = useId();
  const field = useRef<HTMLTextAreaElement | null>(null);
  const { register, handleSubmit, formState, control } = useForm<ReasonValues>({ resolver: zodResolver(reasonSchema), defaultValues: { Reason: "" } });
  const reason = useWatch({ control, name: "Reason" });
  const { ref, ...rest } = register("Reason");
  const problem = formState.errors.Reason?.message;

  return (
    <Modal role="dialog" labelledBy={titleId} describedBy={bodyId} initialFocus={field} busy={busy} onCancel={onCancel} keepFocus={keepFocus}>
      <h2 id={titleId}>{t("manage.reject.title", { title })}</h2>
      <p id={bodyId}>{t("manage.reject.body")}</p>
      <form noValidate onSubmit={(e) => void handleSubmit((values) => onReject(values.Reason.trim()))(e)}>
        <TextareaField
          label={t("manage.reject.reason")}
          rows={4}
          hint={t("manage.reject.counter", { count: Array.from(reason ?? "").length, max: MAX_REASON })}
          error={problem === "required" ? t("manage.reject.required") : problem === "tooLong" ? t("manage.reject.tooLong", { max: MAX_REASON }) : undefined}
          ref={(element) => {
            ref(element);
            field.current = element;
          }}
          {...rest}
        />
        <FormError message={error} />
        <DialogActions
          cancelLabel={t("manage.cancel")}
          onCancel={onCancel}
          confirmLabel={t("manage.reject.confirm")}
          busyLabel={t("manage.reject.busy")}
          busy={busy}
          danger
        />
      </form>
    </Modal>
  );
}
