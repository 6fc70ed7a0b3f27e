/**
 * "Your data" in the attendee's profile (composed there by app/, so accounts does not depend on
 * this feature): download everything the platform holds about the person as a zip, and delete
 * the account. Deleting asks for the account's password in a dialog (a provider-only account
 * leaves it empty); once the server has erased it, the token is cleared and the event's login
 * says the account is gone.
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DialogActions } from "@/components/DialogActions";
import { FormError } from "@/components/FormError";
import { Modal } from "@/components/Modal";
import { clearToken, currentToken, usePersonStore, useSession } from "@/features/accounts";
import { notify } from "@/features/notifications";
import { ApiError } from "@/lib/api-client";
import { errorMessageKey } from "@/lib/errors";
import { paths } from "@/lib/routes";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { deleteMyAccount, downloadMyData } from "./api";
import "./privacy.css";

export function YourDataSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const downloading = useSubmitLock();
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const download = () =>
    void downloading.run(async () => {
      setStatus(null);
      setFailure(null);
      try {
        await downloadMyData(currentToken());
        setStatus(t("profile.data.downloaded"));
      } catch (error) {
        setFailure(t("profile.data.downloadFailed", { reason: t(errorMessageKey(error)) }));
      }
    });

  return (
    <section className="profile-data" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("profile.data.title")}</h2>
      <p>{t("profile.data.intro")}</p>
      <div className="profile-data__actions">
        <button type="button" className="button button--secondary" aria-disabled={downloading.busy || undefined} onClick={download}>
          {downloading.busy ? t("profile.data.downloading") : t("profile.data.download")}
        </button>
        <button type="button" className="button button--danger" onClick={() => setDeleting(true)}>
          {t("profile.data.delete")}
        </button>
      </div>
      <FormError message={failure} />
      <p className="profile-status" role="status">
        {status}
      </p>
      {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
    </section>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const eventID = useSession((s) => s.eventID);
  const titleId = useId();
  const bodyId = useId();
  const passwordId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useSubmitLock();

  const confirm = () =>
    run(async () => {
      setError(null);
      try {
        await deleteMyAccount(password);
      } catch (failure) {
        const wrongPassword = failure instanceof ApiError && failure.code === "PASSWORD_INCORRECT";
        setError(wrongPassword ? t("profile.data.wrongPassword") : t("profile.data.deleteFailed", { reason: t(errorMessageKey(failure)) }));
        input.current?.focus();
        return;
      }
      if (eventID) await clearToken(eventID);
      usePersonStore.getState().setPerson(null);
      notify("success", t("profile.data.deleted"));
      await navigate(paths.login, { replace: true });
    });

  return (
    <Modal role="alertdialog" labelledBy={titleId} describedBy={bodyId} initialFocus={input} busy={busy} onCancel={onClose}>
      <h2 id={titleId}>{t("profile.data.deleteTitle")}</h2>
      <p id={bodyId}>{t("profile.data.deleteBody")}</p>
      <form
        noValidate
        aria-busy={busy}
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <div className="field">
          <label htmlFor={passwordId}>{t("profile.data.password")}</label>
          <input
            ref={input}
            id={passwordId}
            type="password"
            name="password"
            autoComplete="current-password"
            aria-describedby={`${passwordId}-hint`}
            aria-invalid={error ? true : undefined}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <span id={`${passwordId}-hint`} className="field__hint">
            {t("profile.data.passwordHint")}
          </span>
        </div>
        <FormError message={error} />
        <DialogActions
          cancelLabel={t("profile.data.cancel")}
          onCancel={onClose}
          confirmLabel={t("profile.data.deleteConfirm")}
          busyLabel={t("profile.data.deleting")}
          busy={busy}
          danger
        />
      </form>
    </Modal>
  );
}
