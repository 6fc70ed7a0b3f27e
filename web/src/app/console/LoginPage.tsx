/**
 * `/manage/login`: email and password (react-hook-form + zod, the attendee login's rules and
 * texts), `POST /loginadmin`. Reason 7 stores the console token and goes back to the page the
 * guard remembered; the other reasons are the attendee login's messages, and 11 (no admin
 * grant) says the account has no organizer rights, 3 asks to verify the email address first.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router";
import { z } from "zod";
import { AuthCard } from "@/components/AuthCard";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { Reason, reasonMessageKey, type MessageKey } from "@/features/accounts/reasons";
import { rules, type ValidationKey } from "@/features/accounts/validation";
import { consolePaths } from "@/lib/console-paths";
import { errorMessageKey } from "@/lib/errors";
import { useDocumentTitle } from "@/lib/use-document-title";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import { loginAdmin } from "./api";
import type { LoginState } from "./guards";
import { storeConsoleToken, useConsoleSession } from "./session";

const keyOf = (rule: (v: string) => ValidationKey | null) => (value: string, ctx: z.RefinementCtx) => {
  const key = rule(value);
  if (key) ctx.addIssue({ code: "custom", message: key });
};

export const adminLoginSchema = z.object({
  email: z.string().superRefine(keyOf(rules.email)),
  password: z.string().superRefine(keyOf(rules.passwordRequired)),
});
type AdminLoginValues = z.infer<typeof adminLoginSchema>;

type FormMessage = { ns: "translation"; key: MessageKey } | { ns: "console"; key: "login.noRights" | "login.verificationRequired" };

function isValidationKey(value: unknown): value is ValidationKey {
  return typeof value === "string" && value.startsWith("validation.");
}

function wantedPath(state: unknown): string {
  const from = (state as LoginState | null)?.from;
  if (!from || typeof from.pathname !== "string" || !from.pathname.startsWith("/") || from.pathname.startsWith("//")) {
    return consolePaths.events;
  }
  if (from.pathname.toLowerCase() === consolePaths.login) return consolePaths.events;
  return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
}

export function ConsoleLoginPage() {
  const { t } = useTranslation("console");
  const { t: tc } = useTranslation();
  const location = useLocation();
  const token = useConsoleSession((s) => s.token);
  const notice = useConsoleSession((s) => s.notice);
  const { busy, run } = useSubmitLock();
  const formRef = useRef<HTMLFormElement>(null);
  const [formMessage, setFormMessage] = useState<FormMessage | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AdminLoginValues>({ resolver: zodResolver(adminLoginSchema), defaultValues: { email: "", password: "" } });
  useDocumentTitle(t("documentTitle", { page: t("login.title") }));

  if (token) return <Navigate to={wantedPath(location.state)} replace />;

  const onValid = (values: AdminLoginValues) =>
    run(async () => {
      setFormMessage(null);
      try {
        const answer = await loginAdmin(values.email, values.password);
        if (answer.Reason === Reason.LoginOk && answer.Token) {
          if (!storeConsoleToken(answer.Token)) setFormMessage({ ns: "translation", key: "errors.generic" });
        } else if (answer.Reason === Reason.AdminRightsRequired) {
          setFormMessage({ ns: "console", key: "login.noRights" });
        } else if (answer.Reason === Reason.VerificationMissing) {
          setFormMessage({ ns: "console", key: "login.verificationRequired" });
        } else {
          setFormMessage({ ns: "translation", key: reasonMessageKey(answer.Reason) });
        }
      } catch (error) {
        setFormMessage({ ns: "translation", key: errorMessageKey(error) });
      }
    });

  const fieldError = (message: unknown) => (isValidationKey(message) ? tc(message) : undefined);
  const shown =
    formMessage?.ns === "console"
      ? t(formMessage.key)
      : formMessage
        ? tc(formMessage.key)
        : notice === "noRights"
          ? t("login.noRights")
          : null;

  return (
    <AuthCard title={t("login.title")}>
      <p className="muted">{t("login.intro")}</p>
      <form
        ref={formRef}
        onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}
        noValidate
        aria-busy={busy}
      >
        <Field
          label={tc("common.email")}
          type="email"
          autoComplete="username"
          error={fieldError(errors.email?.message)}
          {...register("email")}
        />
        <Field
          label={tc("common.password")}
          type="password"
          autoComplete="current-password"
          error={fieldError(errors.password?.message)}
          {...register("password")}
        />
        <FormError message={shown} />
        <button type="submit" className="button button--block" disabled={busy}>
          {busy ? t("login.submitting") : t("login.submit")}
        </button>
      </form>
    </AuthCard>
  );
}
