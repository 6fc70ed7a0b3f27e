import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { AuthCard } from "@/components/AuthCard";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { useEventStore } from "@/features/events";
import { errorMessageKey } from "@/lib/errors";
import { paths } from "@/lib/routes";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import { useForgottenPassword } from "../api/forgotten-password";
import { type MessageKey, reasonMessageKey, Reason } from "../reasons";
import { validateEmailOnly, type Errors } from "../validation";

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const metadata = useEventStore((s) => s.metadata);
  const mutation = useForgottenPassword();
  const { busy, run } = useSubmitLock();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<Errors<"email">>({});
  const [formError, setFormError] = useState<MessageKey | null>(null);
  if (!metadata) return null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const found = validateEmailOnly(email);
      setErrors(found);
      if (found.email) return focusFirstInvalid(formRef.current);
      setFormError(null);
      try {
        const answer = await mutation.mutateAsync({ eventID: metadata.EventID, email });
        if (answer.Reason === Reason.ForgottenPasswordMailRequested) {
          await navigate(`${paths.resetLinkSent}?${new URLSearchParams({ loginEMail: email.trim() })}`);
        } else {
          setFormError(reasonMessageKey(answer.Reason));
        }
      } catch (error) {
        setFormError(errorMessageKey(error));
      }
    });
  };

  return (
    <AuthCard title={t("forgot.title")}>
      <p className="muted">{t("forgot.intro")}</p>
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={busy}>
        <Field label={t("common.email")} type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email && t(errors.email)} />
        <FormError message={formError && t(formError)} />
        <button type="submit" className="button button--block" disabled={busy}>
          {busy ? t("forgot.submitting") : t("forgot.submit")}
        </button>
      </form>
      <p>
        <Link to={paths.login}>{t("common.backToLogin")}</Link>
      </p>
    </AuthCard>
  );
}
