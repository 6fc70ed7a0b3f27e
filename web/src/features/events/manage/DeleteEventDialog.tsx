/**
 * Deleting an event: a modal dialog that names the event and enables its button only once the
 * event's internal name is typed. `DELETE /events/{EventID}` (204), a toast, then `onDeleted`.
 * Focus stays inside while it is open (Tab cycles, Escape cancels) and returns to what opened it.
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogActions } from "@/components/DialogActions";
import { FormError } from "@/components/FormError";
import { Modal } from "@/components/Modal";
import { notify } from "@/features/notifications";
import { errorMessageKey, type ErrorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { useDeleteEvent } from "./api";

export interface DeletableEvent {
  ID: string;
  Title: string;
  InternalName: string;
}

export function DeleteEventDialog({
  event,
  onClose,
  onDeleted,
}: {
  event: DeletableEvent;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation("console");
  const { t: tc } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const mutation = useDeleteEvent();
  const { busy, run } = useSubmitLock();
  const matches = typed.trim() === event.InternalName;

  const confirm = () =>
    run(async () => {
      if (!matches) return;
      setError(null);
      try {
        await mutation.mutateAsync(event.ID);
        notify("success", t("deleteDialog.deleted", { title: event.Title }));
        onDeleted();
      } catch (failure) {
        setError(errorMessageKey(failure));
      }
    });

  return (
    <Modal labelledBy={titleId} describedBy={bodyId} initialFocus={inputRef} busy={busy} onCancel={onClose}>
        <h2 id={titleId}>{t("deleteDialog.title", { title: event.Title })}</h2>
        <p id={bodyId}>{t("deleteDialog.body", { title: event.Title })}</p>
        <form
          noValidate
          aria-busy={busy}
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <div className="field">
            <label htmlFor={inputId}>{t("deleteDialog.confirmLabel", { name: event.InternalName })}</label>
            <input
              ref={inputRef}
              id={inputId}
              name="confirmName"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          <FormError message={error && tc(error)} />
          <DialogActions
            cancelLabel={t("deleteDialog.cancel")}
            onCancel={onClose}
            confirmLabel={t("deleteDialog.confirm")}
            busyLabel={t("deleteDialog.deleting")}
            busy={busy}
            danger
            confirmDisabled={!matches}
          />
        </form>
    </Modal>
  );
}
