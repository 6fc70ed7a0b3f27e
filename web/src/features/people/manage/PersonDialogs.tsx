/**
 * The questions a row action asks before it runs: a confirmation for remove/restore and chat
 * ban/unban, and for erasing a person's data in the event a dialog whose button works only once
 * their email address is typed (nothing can bring the data back). A refusal stays in the dialog
 * so the organizer can try again or cancel.
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { DialogActions } from "@/components/DialogActions";
import { FormError } from "@/components/FormError";
import { Modal } from "@/components/Modal";
import type { PersonAction } from "./api";

export type ConfirmedAction = Exclude<PersonAction, "passwordReset">;

interface Props {
  action: ConfirmedAction;
  name: string;
  email: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

export function PersonActionDialog(props: Props) {
  const { t } = useTranslation("console");
  const { action, name, busy, error, onConfirm, onCancel } = props;
  if (action === "erase") return <EraseDialog {...props} />;
  const texts = {
    remove: [t("people.confirm.removeTitle", { name }), t("people.confirm.removeBody"), t("people.confirm.removeConfirm"), true],
    restore: [t("people.confirm.restoreTitle", { name }), t("people.confirm.restoreBody"), t("people.confirm.restoreConfirm"), false],
    ban: [t("people.confirm.banTitle", { name }), t("people.confirm.banBody"), t("people.confirm.banConfirm"), true],
    unban: [t("people.confirm.unbanTitle", { name }), t("people.confirm.unbanBody"), t("people.confirm.unbanConfirm"), false],
  } as const;
  const [title, body, confirmLabel, danger] = texts[action];
  return (
    <ConfirmDialog
      title={title}
      body={body}
      confirmLabel={confirmLabel}
      busyLabel={t("people.confirm.working")}
      cancelLabel={t("people.confirm.cancel")}
      danger={danger}
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

function EraseDialog({ name, email, busy, error, onConfirm, onCancel }: Props) {
  const { t } = useTranslation("console");
  const titleId = useId();
  const bodyId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState("");
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  return (
    <Modal labelledBy={titleId} describedBy={bodyId} initialFocus={input} busy={busy} onCancel={onCancel}>
      <h2 id={titleId}>{t("people.confirm.eraseTitle", { name })}</h2>
      <p id={bodyId}>{t("people.confirm.eraseBody")}</p>
      <form
        noValidate
        aria-busy={busy}
        onSubmit={(e) => {
          e.preventDefault();
          if (matches && !busy) onConfirm();
        }}
      >
        <div className="field">
          <label htmlFor={inputId}>{t("people.confirm.eraseLabel", { email })}</label>
          <input
            ref={input}
            id={inputId}
            name="confirmEmail"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <FormError message={error} />
        <DialogActions
          cancelLabel={t("people.confirm.cancel")}
          onCancel={onCancel}
          confirmLabel={t("people.confirm.eraseConfirm")}
          busyLabel={t("people.confirm.working")}
          busy={busy}
          danger
          confirmDisabled={!matches}
        />
      </form>
    </Modal>
  );
}
