/**
 * `/manage/customers/new` (master admins; the shell's route refuses others): the customer's name
 * and its first customer admin — email address, optional names for a new account, the language
 * of the invitation. `POST /customers` creates the customer, the person if needed, the grant, and
 * mails the invitation with a set-password link; then a toast says to whom, and the new
 * customer's page opens. A refusal keeps what was typed: the server's message beside the field a
 * 422 names, otherwise above the button. One submit at a time.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { PageHeader } from "@/components/PageHeader";
import { SelectField } from "@/components/SelectField";
import { notify } from "@/features/notifications";
import { consolePaths } from "@/lib/console-paths";
import { errorMessageKey } from "@/lib/errors";
import { isLanguage, supportedLanguages } from "@/lib/locale";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import { createCustomer, customerChanged } from "./api";
import { useCustomersT } from "./customers-i18n";
import { customerCreateSchema, isCustomerValidationKey, toCreateBody, type CustomerCreateValues } from "./schema";
import { fieldsOf } from "./server-errors";
import "./customers.css";

type FieldName = keyof CustomerCreateValues;
const serverFields: Record<string, FieldName> = {
  Name: "name",
  AdminEMail: "email",
  AdminFirstName: "firstName",
  AdminLastName: "lastName",
  Language: "language",
};

export function CustomerCreatePage() {
  const t = useCustomersT();
  const { t: tc, i18n } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, run } = useSubmitLock();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CustomerCreateValues>({
    resolver: zodResolver(customerCreateSchema),
    mode: "onTouched",
    defaultValues: { name: "", email: "", firstName: "", lastName: "", language: isLanguage(i18n.language) ? i18n.language : "en" },
  });

  const message = (value: unknown): string | undefined =>
    isCustomerValidationKey(value) ? t(`validation.${value}`) : typeof value === "string" && value !== "" ? value : undefined;

  const onValid = (values: CustomerCreateValues) =>
    run(async () => {
      setFormError(null);
      const body = toCreateBody(values);
      try {
        const customer = await createCustomer(body);
        customerChanged(client, customer);
        notify("success", t("create.created", { name: customer.Name, email: body.AdminEMail }));
        await navigate(consolePaths.customer(customer.ID));
      } catch (error) {
        const reason = tc(errorMessageKey(error));
        const fields = fieldsOf(error, serverFields);
        fields.forEach((field, index) => setError(field, { type: "server", message: reason }, { shouldFocus: index === 0 }));
        if (fields.length === 0) setFormError(`${t("create.failed")} ${reason}`);
      }
    });

  return (
    <>
      <p className="console-breadcrumb">
        <Link to={consolePaths.customers}>{t("list.title")}</Link>
      </p>
      <PageHeader title={t("create.title")} />
      <p className="muted">{t("create.intro")}</p>
      <form
        ref={formRef}
        className="console-form customer-create"
        noValidate
        aria-busy={busy}
        onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}
      >
        <fieldset>
          <legend>{t("create.customerLegend")}</legend>
          <Field label={t("create.name")} hint={t("create.nameHint")} autoComplete="off" maxLength={400} error={message(errors.name?.message)} {...register("name")} />
        </fieldset>
        <fieldset>
          <legend>{t("create.adminLegend")}</legend>
          <p className="field__hint">{t("create.adminHint")}</p>
          <Field
            label={t("create.email")}
            type="email"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            maxLength={400}
            error={message(errors.email?.message)}
            {...register("email")}
          />
          <div className="field-row">
            <Field label={t("create.firstName")} hint={t("create.namesHint")} autoComplete="off" maxLength={200} error={message(errors.firstName?.message)} {...register("firstName")} />
            <Field label={t("create.lastName")} hint={t("create.namesHint")} autoComplete="off" maxLength={200} error={message(errors.lastName?.message)} {...register("lastName")} />
          </div>
          <SelectField label={t("create.language")} error={message(errors.language?.message)} {...register("language")}>
            {supportedLanguages.map((lang) => (
              <option key={lang} value={lang} lang={lang}>
                {tc(`languages.${lang}`)}
              </option>
            ))}
          </SelectField>
        </fieldset>
        <FormError message={formError} />
        <div className="console-form__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("create.submitting") : t("create.submit")}
          </button>
          <Link className="button button--secondary" to={consolePaths.customers}>
            {t("create.cancel")}
          </Link>
        </div>
      </form>
    </>
  );
}
