/**
 * Inviting an admin (react-hook-form + zod, `schema.ts`; the calls in `invite.ts`): an email
 * address, the right (event admin of this event, or customer admin of its customer; on a
 * customer's own screen only the latter), the roles it is limited to (none: full rights), and the
 * name, asked for only when no account uses the address yet (and one can be created here). A
 * failure keeps what was typed and says which step failed and what was already done; a double
 * submit sends once.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { SelectField } from "@/components/SelectField";
import { notify } from "@/features/notifications";
import { ApiError } from "@/lib/api-client";
import { errorMessageKey } from "@/lib/errors";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import { adminKeys, isStatus, mailLimit } from "./api";
import { inviteAdmin, type InviteOutcome } from "./invite";
import { RolesFieldset } from "./RolesFieldset";
import { emptyInvite, inviteSchema, isInviteValidationKey, sameEmail, type InviteValues } from "./schema";

/** Where the form gives rights: an event's screen (either right) or a customer's (customer rights). */
export type InviteScope =
  | { kind: "event"; eventId: string; customerId: string; eventTitle: string; customerName: string }
  | { kind: "customer"; customerId: string; customerName: string; mayCreateAccounts: boolean };

type FieldName = "email" | "firstName" | "lastName";

/** Fields a 422 names (`Data.Problems[].Name`: the body's or the query's parameter). */
const serverFields: Record<string, FieldName> = { LoginEMail: "email", EMail: "email", FirstName: "firstName", LastName: "lastName" };

function problemFields(error: unknown): FieldName[] {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  const problems = (error.data as { Problems?: unknown } | null)?.Problems;
  if (!Array.isArray(problems)) return [];
  const fields = problems
    .map((p) => (p && typeof p === "object" ? (p as { Name?: unknown }).Name : undefined))
    .map((name) => (typeof name === "string" ? serverFields[name] : undefined))
    .filter((f): f is FieldName => f !== undefined);
  return [...new Set(fields)];
}

export function InviteAdminForm({ scope: where, announce }: { scope: InviteScope; announce: (text: string) => void }) {
  const { customerId, customerName } = where;
  const eventId = where.kind === "event" ? where.eventId : null;
  const eventTitle = where.kind === "event" ? where.eventTitle : "";
  // Names create an account; on a customer's screen only master admins may create one.
  const asksNames = where.kind === "event" || where.mayCreateAccounts;
  const { t } = useTranslation("admins");
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const namesHintId = useId();
  const { busy, run } = useSubmitLock();
  const [message, setMessage] = useState<{ tone: "error" | "warn"; text: string } | null>(null);
  /** The address no account was found for: the names are needed while it is the one typed. */
  const [unknownEmail, setUnknownEmail] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useForm<InviteValues>({
    resolver: zodResolver(inviteSchema),
    mode: "onTouched",
    defaultValues: where.kind === "customer" ? { ...emptyInvite, kind: "Customer" } : emptyInvite,
  });
  const email = useWatch({ control, name: "email" });
  // After an invitation the emptied form is ready for the next one (after the reset rendered).
  const [invited, setInvited] = useState(0);
  useEffect(() => {
    if (invited > 0) setFocus("email");
  }, [invited, setFocus]);
  const namesNeeded = unknownEmail !== null && sameEmail(unknownEmail, email);

  const fieldMessage = (value: unknown): string | undefined => (isInviteValidationKey(value) ? t(`validation.${value}`) : typeof value === "string" && value !== "" ? value : undefined);
  const reason = (error: unknown) => tc(errorMessageKey(error));
  const scope = { title: eventTitle, customer: customerName };

  const show = (outcome: InviteOutcome, values: InviteValues) => {
    const address = values.email.trim();
    switch (outcome.kind) {
      case "done":
      case "mailFailed": {
        void client.invalidateQueries({ queryKey: adminKeys.all });
        setUnknownEmail(null);
        reset({ ...emptyInvite, kind: values.kind, roles: values.roles });
        setInvited((n) => n + 1);
        if (outcome.kind === "done") {
          notify("success", t("invite.done", { email: address }));
          announce(t("invite.done", { email: address }));
        } else {
          const limit = mailLimit(outcome.error);
          const why = !limit
            ? reason(outcome.error)
            : limit.perGrant
              ? t("resendLimitGrant", { name: address, count: limit.minutes })
              : t("resendLimitSender", { count: limit.minutes });
          setMessage({ tone: "warn", text: `${t("invite.mailFailed", { email: address })} ${why}` });
        }
        return;
      }
      case "namesNeeded":
        setUnknownEmail(address);
        setMessage({ tone: "warn", text: t("invite.namesNeeded", { email: address }) });
        outcome.missing.forEach((field, index) =>
          setError(field, { type: "needed", message: field === "firstName" ? "firstNameNeeded" : "lastNameNeeded" }, { shouldFocus: index === 0 }),
        );
        return;
      case "already":
        setMessage({ tone: "warn", text: t(values.kind === "Event" ? "invite.alreadyEvent" : "invite.alreadyCustomer", { email: address, ...scope }) });
        return;
      case "noAccount":
        setMessage({ tone: "warn", text: t("invite.noAccount", { email: address, customer: customerName }) });
        setError("email", { type: "server", message: t("invite.noAccountShort") }, { shouldFocus: true });
        return;
      case "failed": {
        const { step, error, created } = outcome;
        const fields = step === "grant" ? [] : problemFields(error);
        fields.forEach((field, index) => setError(field, { type: "server", message: reason(error) }, { shouldFocus: index === 0 }));
        const why = isStatus(error, 403) ? t("forbidden", { customer: customerName }) : reason(error);
        const what =
          step === "lookup"
            ? t("invite.lookupFailed")
            : step === "create"
              ? t("invite.createFailed")
              : created
                ? t("invite.grantFailedAfterCreate", { email: address })
                : t("invite.grantFailed");
        setMessage({ tone: "error", text: `${what} ${why}` });
      }
    }
  };

  const onValid = (values: InviteValues) =>
    run(async () => {
      setMessage(null);
      const outcome = await inviteAdmin({
        ...values,
        kind: where.kind === "customer" ? "Customer" : values.kind,
        eventId,
        customerId,
        mayCreateAccounts: where.kind === "customer" && where.mayCreateAccounts,
      });
      show(outcome, values);
    });

  return (
    <section className="admins-invite" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("invite.title")}</h3>
      <p className="muted">{asksNames ? t("invite.intro") : t("invite.introExisting")}</p>
      <form
        ref={formRef}
        className="console-form"
        noValidate
        aria-busy={busy}
        onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}
      >
        <Field
          label={t("invite.email")}
          type="email"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          maxLength={400}
          error={fieldMessage(errors.email?.message)}
          {...register("email")}
        />
        {where.kind === "event" ? (
          <SelectField label={t("invite.kind")} {...register("kind")}>
            <option value="Event">{t("invite.kindEvent", scope)}</option>
            <option value="Customer">{t("invite.kindCustomer", scope)}</option>
          </SelectField>
        ) : null}
        <RolesFieldset registration={register("roles")} />
        {asksNames ? (
          <fieldset className="admins-invite__names" aria-describedby={namesHintId}>
            <legend>{t("invite.namesLegend")}</legend>
            <p id={namesHintId} className="field__hint">
              {namesNeeded ? t("invite.namesNeededHint") : t("invite.namesHint")}
            </p>
            <div className="field-row">
              <Field
                label={t("invite.firstName")}
                autoComplete="off"
                maxLength={200}
                aria-required={namesNeeded || undefined}
                error={fieldMessage(errors.firstName?.message)}
                {...register("firstName")}
              />
              <Field
                label={t("invite.lastName")}
                autoComplete="off"
                maxLength={200}
                aria-required={namesNeeded || undefined}
                error={fieldMessage(errors.lastName?.message)}
                {...register("lastName")}
              />
            </div>
          </fieldset>
        ) : null}
        {message?.tone === "warn" ? (
          <p className="notice admins-invite__message" role="alert">
            {message.text}
          </p>
        ) : (
          <FormError message={message?.text ?? null} />
        )}
        <div className="console-form__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("invite.submitting") : t("invite.submit")}
          </button>
        </div>
      </form>
    </section>
  );
}
