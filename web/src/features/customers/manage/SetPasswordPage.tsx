/**
 * `/manage/set-password?loginEMail=&token=` (public: an invited admin has no password yet). The
 * invitation mail of a new customer's first admin links here. The person chooses a password with
 * the attendee app's rules and texts (features/accounts: at least 12 characters, typed twice),
 * `POST /resetpassword {LoginEMail, Password, Token}` sets it, and the console's login opens.
 * An incomplete, expired or used link (Reason 4) says to ask for the invitation again: the
 * console has no "forgot password" of its own, and whoever invited them can resend it from the
 * admins list.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { AuthCard } from "@/components/AuthCard";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { Reason, reasonMessageKey, resetPassword, validateNewPassword, type MessageKey, type ValidationKey } from "@/features/accounts";
import { notify } from "@/features/notifications";
import { consolePaths } from "@/lib/console-paths";
import { errorMessageKey } from "@/lib/errors";
import { useDocumentTitle } from "@/lib/use-document-title";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import { useCustomersT } from "./customers-i18n";
import "./customers.css";

/** The attendee app's new-password rules, as a schema the form library reads. */
export const setPasswordSchema = z
  .object({ password: z.string(), confirmation: z.string() })
  .superRefine((values, ctx) => {
    const found = validateNewPassword(values);
    for (const field of ["password", "confirmation"] as const) {
      const key = found[field];
      if (key) ctx.addIssue({ code: "custom", message: key, path: [field] });
    }
  });
type SetPasswordValues = z.infer<typeof setPasswordSchema>;

const isValidationKey = (value: unknown): value is ValidationKey => typeof value === "string" && value.startsWith("validation.");

export function SetPasswordPage() {
  const t = useCustomersT();
  const { t: tc } = useTranslation();
  const tcon = useTranslation("console").t;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = (params.get("loginEMail") ?? "").trim();
  const token = params.get("token") ?? "";
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, run } = useSubmitLock();
  const [expired, setExpired] = useState(!email || !token);
  const [formError, setFormError] = useState<MessageKey | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SetPasswordValues>({ resolver: zodResolver(setPasswordSchema), defaultValues: { password: "", confirmation: "" } });
  const title = expired ? t("setPassword.expiredTitle") : t("setPassword.title");
  useDocumentTitle(tcon("documentTitle", { page: title }));

  if (expired) {
    return (
      <AuthCard title={title}>
        <p>{t("setPassword.expiredBody")}</p>
        <p>
          <Link className="button" to={consolePaths.login}>
            {t("setPassword.toLogin")}
          </Link>
        </p>
      </AuthCard>
    );
  }

  const onValid = (values: SetPasswordValues) =>
    run(async () => {
      setFormError(null);
      try {
        const answer = await resetPassword({ email, token, password: values.password });
        if (answer.Reason === Reason.NewPasswordSet) {
          notify("success", t("setPassword.done"));
          await navigate(consolePaths.login, { replace: true });
        } else if (answer.Reason === Reason.TokenInvalid) {
          setExpired(true);
        } else {
          setFormError(reasonMessageKey(answer.Reason));
        }
      } catch (error) {
        setFormError(errorMessageKey(error));
      }
    });

  const fieldError = (message: unknown) => (isValidationKey(message) ? tc(message) : undefined);

  return (
    <AuthCard title={title}>
      <p className="muted set-password__intro">{t("setPassword.intro", { email })}</p>
      <form
        ref={formRef}
        noValidate
        aria-busy={busy}
        onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}
      >
        {/* The account's address, for password managers to save the new password under. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Field
          label={tc("newPassword.password")}
          type="password"
          autoComplete="new-password"
          hint={tc("signUp.passwordHint")}
          error={fieldError(errors.password?.message)}
          {...register("password")}
        />
        <Field
          label={tc("common.confirmPassword")}
          type="password"
          autoComplete="new-password"
          error={fieldError(errors.confirmation?.message)}
          {...register("confirmation")}
        />
        <FormError message={formError && tc(formError)} />
        <button type="submit" className="button button--block" disabled={busy}>
          {busy ? t("setPassword.submitting") : t("setPassword.submit")}
        </button>
      </form>
    </AuthCard>
  );
}
