/**
 * The footer every dialog repeated by hand: Cancel, then the action. Kept in one place so the
 * markup the styles and tests rely on, and the way a busy dialog blocks its buttons, cannot drift
 * apart between dialogs.
 */
import type { Ref } from "react";

export interface DialogActionsProps {
  cancelLabel: string;
  onCancel: () => void;
  confirmLabel: string;
  /** Replaces `confirmLabel` while `busy`, e.g. "Saving…". */
  busyLabel?: string;
  /** Disables Cancel, and blocks the action (see `keepFocusWhileBusy`). */
  busy?: boolean;
  /** A destructive action (red button). */
  danger?: boolean;
  /** Makes the action a plain button; without it the action submits its form. */
  onConfirm?: () => void;
  /** The form the action submits, for a footer outside that form. */
  form?: string;
  /** Blocks the action for a reason of the dialog's own, e.g. a confirmation not typed yet. */
  confirmDisabled?: boolean;
  /**
   * While busy the action is `aria-disabled` rather than `disabled`: a disabled button would drop
   * the focus out of the dialog. The caller's submit lock then ignores the extra presses.
   */
  keepFocusWhileBusy?: boolean;
  /** False when there is nothing to act on: Cancel stays alone. */
  showConfirm?: boolean;
  /** For dialogs that start on Cancel, the harmless choice. */
  cancelRef?: Ref<HTMLButtonElement>;
}

export function DialogActions({
  cancelLabel,
  onCancel,
  confirmLabel,
  busyLabel,
  busy = false,
  danger = false,
  onConfirm,
  form,
  confirmDisabled = false,
  keepFocusWhileBusy = false,
  showConfirm = true,
  cancelRef,
}: DialogActionsProps) {
  return (
    <div className="modal-actions">
      <button ref={cancelRef} type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </button>
      {showConfirm ? (
        <button
          type={onConfirm ? "button" : "submit"}
          form={form}
          className={danger ? "button button--danger" : "button"}
          onClick={onConfirm}
          disabled={confirmDisabled || (busy && !keepFocusWhileBusy)}
          aria-disabled={(busy && keepFocusWhileBusy) || undefined}
        >
          {busy && busyLabel !== undefined ? busyLabel : confirmLabel}
        </button>
      ) : null}
    </div>
  );
}
