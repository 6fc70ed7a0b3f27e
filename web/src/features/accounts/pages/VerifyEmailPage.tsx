/**
 * Email verification, by the 6-digit code (/verify-email?loginEMail=) or by the mailed link
 * (/password-confirmation?loginEMail=&token=, which clears any stored token first and checks the
 * link at once). Success shows a notice and the way to Login.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AuthCard } from "@/components/AuthCard";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { useEventStore } from "@/features/events";
import { notify } from "@/features/notifications";
import { errorMessageKey } from "@/lib/errors";
import { paths } from "@/lib/routes";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import { useConfirmEmail } from "../api/confirm-email";
import { Reason, reasonMessageKey, type MessageKey } from "../reasons";
import { clearToken } from "../session";
import { rules, validateCode, type Errors } from "../validation";

export function VerifyEmailPage({ fromLink = false }: { fromLink?: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const metadata = useEventStore((s) => s.metadata);
  const mutation = useConfirmEmail();
  const { busy, run } = useSubmitLock();
  const formRef = useRef<HTMLFormElement>(null);
  const email = params.get("loginEMail") ?? "";
  const linkToken = fromLink ? (params.get("token") ?? "") : "";
  const [code, setCode] = useState("");
  const [emailInput, setEmailInput] = useState(email);
  const [errors, setErrors] = useState<Errors<"code" | "email">>({});
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const [verified, setVerified] = useState(false);
  const [checkingLink, setCheckingLink] = useState(Boolean(fromLink && linkToken && email));
  const started = useRef(false);

  const confirm = async (address: string, token: string) => {
    setFormError(null);
    try {
      const answer = await mutation.mutateAsync({ email: address, token });
      if (answer.Reason === Reason.LoginOk) {
        setVerified(true);
        notify("success", t("verify.successTitle"));
      } else {
        setFormError(reasonMessageKey(answer.Reason));
      }
    } catch (error) {
      setFormError(errorMessageKey(error));
    }
  };

  useEffect(() => {
    if (!fromLink || started.current || !metadata) return;
    started.current = true;
    void (async () => {
      await clearToken(metadata.EventID);
      if (linkToken && email) await run(() => confirm(email, linkToken));
      setCheckingLink(false);
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once for the link in the address
  }, [fromLink, metadata]);

  if (verified) {
    return (
      <AuthCard title={t("verify.successTitle")}>
        <p role="status">{t("verify.successBody")}</p>
        <p>
          <Link className="button" to={paths.login}>
            {t("verify.toLogin")}
          </Link>
        </p>
      </AuthCard>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const found: Errors<"code" | "email"> = { ...validateCode(code) };
      const emailError = rules.email(emailInput);
      if (emailError) found.email = emailError;
      setErrors(found);
      if (Object.keys(found).length > 0) return focusFirstInvalid(formRef.current);
      await confirm(emailInput, code);
    });
  };

  return (
    <AuthCard title={t("verify.title")}>
      {params.get("required") ? <p className="notice">{t("login.verificationRequired")}</p> : null}
      {checkingLink ? <p role="status">{t("verify.checkingLink")}</p> : null}
      <p className="muted">{email ? t("verify.intro", { email }) : t("verify.introNoEmail")}</p>
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={busy}>
        {email ? null : (
          <Field label={t("common.email")} type="email" name="email" autoComplete="email" value={emailInput} onChange={(e) => setEmailInput(e.target.value)} error={errors.email && t(errors.email)} />
        )}
        <Field
          label={t("verify.code")}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
          error={errors.code && t(errors.code)}
        />
        <FormError message={formError && t(formError)} />
        <button type="submit" className="button button--block" disabled={busy}>
          {busy ? t("verify.submitting") : t("verify.submit")}
        </button>
      </form>
      <p>
        <Link to={paths.login}>{t("common.backToLogin")}</Link>
      </p>
    </AuthCard>
  );
}

export function PasswordConfirmationPage() {
  return <VerifyEmailPage fromLink />;
}
