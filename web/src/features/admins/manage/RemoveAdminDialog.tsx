/**
 * Removing an admin right: a modal dialog naming the person and the right, `DELETE
 * /admins/{AdminID}` (204). Removing one's own right asks twice (the second step says access may
 * be lost). A refusal stays in the dialog with its message; 404 means someone removed it already.
 * Focus starts on Cancel, stays inside (Tab cycles, Escape cancels) and returns to what opened it
 * when the dialog is cancelled; after a removal the screen moves it.
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogActions } from "@/components/DialogActions";
import { FormError } from "@/components/FormError";
import { Modal } from "@/components/Modal";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { isStatus, removeAdmin, type AdminKind, type AdminListItem } from "./api";

export interface RemoveTarget {
  admin: AdminListItem;
  kind: AdminKind;
  isSelf: boolean;
}

export type RemoveResult = "removed" | "gone";

export function RemoveAdminDialog({
  target,
  eventTitle,
  customerName,
  onClose,
  onDone,
}: {
  target: RemoveTarget;
  eventTitle: string;
  customerName: string;
  onClose: () => void;
  /** After the right is gone (removed now, or by someone else before). */
  onDone: (result: RemoveResult) => void;
}) {
  const { t } = useTranslation("admins");
  const { t: tc } = useTranslation();
  const { admin, kind, isSelf } = target;
  const [step, setStep] = useState<1 | 2>(1);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useSubmitLock();
  const titleId = useId();
  const bodyId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const name = admin.FullName.trim() || admin.LoginEMail;

  const finished = useRef(false);

  const confirm = () => {
    // The first of two questions: nothing is sent yet.
    if (isSelf && step === 1) setStep(2);
    else void remove();
  };

  const remove = () =>
    run(async () => {
      setError(null);
      try {
        await removeAdmin(admin.AdminID);
        finished.current = true;
        onDone("removed");
      } catch (failure) {
        if (isStatus(failure, 404)) {
          finished.current = true;
          onDone("gone");
        } else if (isStatus(failure, 409)) setError(t("removeDialog.conflict"));
        else if (isStatus(failure, 403)) setError(t("forbidden", { customer: customerName }));
        else setError(`${t("removeDialog.failed")} ${tc(errorMessageKey(failure))}`);
      }
    });

  const values = { name, email: admin.LoginEMail, title: eventTitle, customer: customerName };
  const title = !isSelf ? t("removeDialog.title", values) : step === 1 ? t("removeDialog.selfTitle") : t("removeDialog.selfConfirmTitle");
  const body = !isSelf
    ? t(kind === "Event" ? "removeDialog.bodyEvent" : "removeDialog.bodyCustomer", values)
    : step === 1
      ? t(kind === "Event" ? "removeDialog.selfBodyEvent" : "removeDialog.selfBodyCustomer", values)
      : // Without an event (a customer's own admins screen) the customer is what may be lost.
        t(eventTitle ? "removeDialog.selfConfirmBody" : "removeDialog.selfConfirmBodyCustomer", values);
  const action = busy
    ? t("removeDialog.removing")
    : !isSelf
      ? t("removeDialog.confirm")
      : step === 1
        ? t("removeDialog.continue")
        : t("removeDialog.confirmSelf");

  return (
    // A new dialog per step, so assistive technology announces the second question.
    // Each step starts on Cancel, the harmless choice.
    <Modal key={step} labelledBy={titleId} describedBy={bodyId} initialFocus={cancelRef} busy={busy} onCancel={onClose} keepFocus={finished}>
        <h2 id={titleId}>{title}</h2>
        <p id={bodyId}>{body}</p>
        <FormError message={error} />
        <DialogActions
          cancelLabel={t("removeDialog.cancel")}
          onCancel={onClose}
          confirmLabel={action}
          busy={busy}
          danger
          onConfirm={confirm}
          cancelRef={cancelRef}
        />
    </Modal>
  );
}
