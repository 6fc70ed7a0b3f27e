/** /password-reset?token=&loginEMail=: clears any stored token, then sets a new password. */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AuthCard } from "@/components/AuthCard";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { useEventStore } from "@/features/events";
import { notify } from "@/features/notifications";
import { errorMessageKey } from "@/lib/errors";
import { paths } from "@/lib/routes";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import { useResetPassword } from "../api/reset-password";
import { Reason, reasonMessageKey, type MessageKey } from "../reasons";
import { clearToken } from "../session";
import { validateNewPassword, type Errors, type NewPasswordForm } from "../validation";

export function NewPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const metadata = useEventStore((s) => s.metadata);
  const mutation = useResetPassword();
  const { busy, run } = useSubmitLock();
  const formRef = useRef<HTMLFormElement>(null);
  const token = params.get("token") ?? "";
  const email = params.get("loginEMail") ?? "";
  const [values, setValues] = useState<NewPasswordForm>({ password: "", confirmation: "" });
  const [errors, setErrors] = useState<Errors<keyof NewPasswordForm>>({});
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const [expired, setExpired] = useState(!token || !email);

  useEffect(() => {
    if (metadata) void clearToken(metadata.EventID);
  }, [metadata]);

  if (expired) {
    return (
      <AuthCard title={t("newPassword.expiredTitle")}>
        <p>{t("newPassword.expiredBody")}</p>
        <p>
          <Link className="button" to={paths.forgotPassword}>
            {t("newPassword.requestNew")}
          </Link>
        </p>
      </AuthCard>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const found = validateNewPassword(values);
      setErrors(found);
      if (Object.keys(found).length > 0) return focusFirstInvalid(formRef.current);
      setFormError(null);
      try {
        const answer = await mutation.mutateAsync({ email, token, password: values.password });
        if (answer.Reason === Reason.NewPasswordSet) {
          notify("success", t("newPassword.success"));
          await navigate(paths.login, { replace: true });
        } else if (answer.Reason === Reason.TokenInvalid) {
          setExpired(true);
        } else {
          setFormError(reasonMessageKey(answer.Reason));
        }
      } catch (error) {
        setFormError(errorMessageKey(error));
      }
    });
  };

  return (
    <AuthCard title={t("newPassword.title")}>
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={busy}>
        <Field label={t("newPassword.password")} type="password" name="password" autoComplete="new-password" value={values.password} onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))} hint={t("signUp.passwordHint")} error={errors.password && t(errors.password)} />
        <Field label={t("common.confirmPassword")} type="password" name="confirmation" autoComplete="new-password" value={values.confirmation} onChange={(e) => setValues((v) => ({ ...v, confirmation: e.target.value }))} error={errors.confirmation && t(errors.confirmation)} />
        <FormError message={formError && t(formError)} />
        <button type="submit" className="button button--block" disabled={busy}>
          {busy ? t("newPassword.submitting") : t("newPassword.submit")}
        </button>
      </form>
    </AuthCard>
  );
}
