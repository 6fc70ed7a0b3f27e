/**
 * "Are you sure?" for anything that deletes, resets or replaces: a title, what will happen, Cancel
 * (focused first: the harmless choice) and the action. The caller runs the action; while it runs
 * (`busy`) both buttons are disabled and Escape does nothing, and a refusal is shown in the dialog
 * (`error`) so the person can try again or cancel.
 */
import { useId, useRef, type ReactNode, type RefObject } from "react";
import { DialogActions } from "./DialogActions";
import { FormError } from "./FormError";
import { Modal } from "./Modal";

export interface ConfirmDialogProps {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  /** Shown on the action button while it runs, e.g. "Deleting…". */
  busyLabel: string;
  cancelLabel: string;
  /** A destructive action (red button). Default true. */
  danger?: boolean;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  keepFocus?: RefObject<boolean>;
}

export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  busyLabel,
  cancelLabel,
  danger = true,
  busy = false,
  error = null,
  onConfirm,
  onCancel,
  keepFocus,
}: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal labelledBy={titleId} describedBy={bodyId} initialFocus={cancelRef} busy={busy} onCancel={onCancel} keepFocus={keepFocus}>
      <h2 id={titleId}>{title}</h2>
      <div id={bodyId}>{typeof body === "string" ? <p>{body}</p> : body}</div>
      <FormError message={error} />
      <DialogActions
        cancelLabel={cancelLabel}
        onCancel={onCancel}
        confirmLabel={confirmLabel}
        busyLabel={busyLabel}
        busy={busy}
        danger={danger}
        onConfirm={onConfirm}
        cancelRef={cancelRef}
      />
    </Modal>
  );
}
