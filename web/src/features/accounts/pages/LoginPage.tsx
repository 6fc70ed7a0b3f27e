import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AuthCard } from "@/components/AuthCard";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { useEventStore } from "@/features/events";
import { errorMessageKey } from "@/lib/errors";
import { paths, peekWantedRoute, takeWantedRoute } from "@/lib/routes";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import { useLogin } from "../api/login";
import { signInProvidersQuery } from "../api/sign-in-providers";
import { Reason, reasonMessageKey, type MessageKey } from "../reasons";
import { storeToken, useSession } from "../session";
import { ssoErrorMessageKey, startNext, type SsoMessageKey } from "../sso";
import { validateLogin, type Errors, type LoginForm } from "../validation";
import { SignInProviderLinks } from "./SignInProviderLinks";

const SSO_ERROR = "sso_error";

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const metadata = useEventStore((s) => s.metadata);
  const token = useSession((s) => s.token);
  const mutation = useLogin();
  const { busy, run } = useSubmitLock();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<LoginForm>({ email: "", password: "" });
  const [errors, setErrors] = useState<Errors<keyof LoginForm>>({});
  const [searchParams, setSearchParams] = useSearchParams();
  const ssoError = searchParams.get(SSO_ERROR);
  // A refused single sign-on comes back here with the server's code; its message stays on the
  // page after the parameter is gone from the address (so a reload or a shared link repeats nothing).
  const [formError, setFormError] = useState<MessageKey | SsoMessageKey | null>(() => (ssoError === null ? null : ssoErrorMessageKey(ssoError)));
  const redirected = useRef(false);
  const providers = useQuery({ ...signInProvidersQuery(metadata?.EventID ?? ""), enabled: Boolean(metadata) });

  useEffect(() => {
    if (ssoError === null) return;
    setSearchParams(
      (current) => {
        const rest = new URLSearchParams(current);
        rest.delete(SSO_ERROR);
        return rest;
      },
      { replace: true },
    );
  }, [ssoError, setSearchParams]);

  // With a token, Login goes on: to the page the guard remembered, else "/" (default page / HomeStart).
  useEffect(() => {
    if (token && !redirected.current) {
      redirected.current = true;
      void navigate(takeWantedRoute() ?? paths.root, { replace: true });
    }
  }, [token, navigate]);

  if (!metadata) return null;
  const eventID = metadata.EventID;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const found = validateLogin(values);
      setErrors(found);
      if (Object.keys(found).length > 0) return focusFirstInvalid(formRef.current);
      setFormError(null);
      try {
        const answer = await mutation.mutateAsync({ eventID, ...values });
        if (answer.Reason === Reason.LoginOk && answer.Token) {
          if (!(await storeToken(eventID, answer.Token))) setFormError("errors.generic");
        } else if (answer.Reason === Reason.VerificationMissing) {
          await navigate(`${paths.verifyEmail}?${new URLSearchParams({ loginEMail: values.email.trim(), required: "1" })}`);
        } else if (answer.Reason === Reason.NotAdmitted) {
          await navigate(paths.accessDenied);
        } else {
          setFormError(reasonMessageKey(answer.Reason));
        }
      } catch (error) {
        setFormError(errorMessageKey(error));
      }
    });
  };

  const set = (field: keyof LoginForm) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  return (
    <AuthCard title={t("login.title")}>
      <p className="muted">{t("login.intro", { event: metadata.Title })}</p>
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={busy}>
        <Field
          label={t("common.email")}
          type="email"
          name="email"
          autoComplete="username"
          value={values.email}
          onChange={set("email")}
          error={errors.email && t(errors.email)}
        />
        <Field
          label={t("common.password")}
          type="password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={set("password")}
          error={errors.password && t(errors.password)}
        />
        <FormError message={formError && t(formError)} />
        <button type="submit" className="button button--block" disabled={busy}>
          {busy ? t("login.submitting") : t("login.submit")}
        </button>
      </form>
      <p>
        <Link to={paths.forgotPassword}>{t("login.forgot")}</Link>
      </p>
      {/* After signing in elsewhere, the provider's way back lands where the guard meant to go. */}
      <SignInProviderLinks eventID={eventID} next={startNext(peekWantedRoute())} providers={providers.data ?? []} />
      <p>
        {t("login.noAccount")} <Link to={paths.signUp}>{t("login.signUp")}</Link>
      </p>
    </AuthCard>
  );
}
