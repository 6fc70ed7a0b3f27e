import { useRef, useState, type FormEvent } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AuthCard } from "@/components/AuthCard";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { useEventStore } from "@/features/events";
import { notify } from "@/features/notifications";
import { errorMessageKey } from "@/lib/errors";
import { isLanguage } from "@/lib/locale";
import { paths } from "@/lib/routes";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import { useRegister } from "../api/register";
import { Reason, reasonMessageKey, type MessageKey } from "../reasons";
import { validateSignUp, type Errors, type SignUpForm } from "../validation";

const empty: SignUpForm = { firstName: "", lastName: "", email: "", password: "", confirmation: "", agreement: false };

export function SignUpPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const metadata = useEventStore((s) => s.metadata);
  const mutation = useRegister();
  const { busy, run } = useSubmitLock();
  const formRef = useRef<HTMLFormElement>(null);
  // An organizer's invitation mail links here with the invited address (people/mails.py).
  const [search] = useSearchParams();
  const [values, setValues] = useState<SignUpForm>(() => ({ ...empty, email: search.get("email")?.trim() ?? "" }));
  const [errors, setErrors] = useState<Errors<keyof SignUpForm>>({});
  const [formError, setFormError] = useState<MessageKey | null>(null);

  if (!metadata) return null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const found = validateSignUp(values);
      setErrors(found);
      if (Object.keys(found).length > 0) return focusFirstInvalid(formRef.current);
      setFormError(null);
      try {
        const answer = await mutation.mutateAsync({
          eventID: metadata.EventID,
          ...values,
          language: isLanguage(i18n.language) ? i18n.language : "en",
        });
        if (answer.Reason === Reason.RegistrationDone || answer.Reason === Reason.VerificationMailSent) {
          await navigate(`${paths.verifyEmail}?${new URLSearchParams({ loginEMail: values.email.trim() })}`);
        } else if (answer.Reason === Reason.NotAdmitted) {
          await navigate(paths.accessDenied);
        } else if (answer.Reason === Reason.EmailUsed) {
          notify("warn", t("errors.emailUsed"));
          setFormError(reasonMessageKey(answer.Reason));
        } else {
          setFormError(reasonMessageKey(answer.Reason));
        }
      } catch (error) {
        setFormError(errorMessageKey(error));
      }
    });
  };

  const set = (field: Exclude<keyof SignUpForm, "agreement">) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  return (
    <AuthCard title={t("signUp.title")}>
      <p className="muted">{t("signUp.intro", { event: metadata.Title })}</p>
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={busy}>
        <div className="field-row">
          <Field label={t("signUp.firstName")} name="firstName" autoComplete="given-name" value={values.firstName} onChange={set("firstName")} error={errors.firstName && t(errors.firstName)} />
          <Field label={t("signUp.lastName")} name="lastName" autoComplete="family-name" value={values.lastName} onChange={set("lastName")} error={errors.lastName && t(errors.lastName)} />
        </div>
        <Field label={t("common.email")} type="email" name="email" autoComplete="email" value={values.email} onChange={set("email")} error={errors.email && t(errors.email)} />
        <Field label={t("common.password")} type="password" name="password" autoComplete="new-password" value={values.password} onChange={set("password")} hint={t("signUp.passwordHint")} error={errors.password && t(errors.password)} />
        <Field label={t("common.confirmPassword")} type="password" name="confirmation" autoComplete="new-password" value={values.confirmation} onChange={set("confirmation")} error={errors.confirmation && t(errors.confirmation)} />
        <div className="field field--checkbox">
          <input
            id="agreement"
            type="checkbox"
            name="agreement"
            checked={values.agreement}
            aria-invalid={errors.agreement ? true : undefined}
            aria-describedby={errors.agreement ? "agreement-error" : undefined}
            onChange={(e) => setValues((v) => ({ ...v, agreement: e.target.checked }))}
          />
          <label htmlFor="agreement">
            <Trans
              i18nKey="signUp.agreement"
              components={{ terms: <Link to={paths.terms} />, privacy: <Link to={paths.privacyPolicy} /> }}
            />
          </label>
          {errors.agreement ? (
            <span id="agreement-error" className="field__error" role="alert">
              {t(errors.agreement)}
            </span>
          ) : null}
        </div>
        <FormError message={formError && t(formError)} />
        <button type="submit" className="button button--block" disabled={busy}>
          {busy ? t("signUp.submitting") : t("signUp.submit")}
        </button>
      </form>
      <p>
        {t("signUp.haveAccount")} <Link to={paths.login}>{t("signUp.logIn")}</Link>
      </p>
    </AuthCard>
  );
}
