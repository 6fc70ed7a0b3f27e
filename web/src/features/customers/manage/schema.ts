/**
 * The customer forms' rules (zod, read by react-hook-form): a name of 1–200 characters after
 * trimming (the column's size), the first admin's login address (at most 320 characters, the
 * attendee forms' format check; the server's validator has the last word), their names of at most
 * 100 characters (accounts' limit) and one of the five languages.
 *
 * Messages are keys under `validation.*` of the `customersManage` namespace.
 */
import { z } from "zod";
import { supportedLanguages } from "@/lib/locale";
import type { CustomerCreateBody } from "./api";

export const CUSTOMER_NAME_MAX = 200;
export const EMAIL_MAX = 320;
export const PERSON_NAME_MAX = 100;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const customerValidationKeys = [
  "nameRequired",
  "nameTooLong",
  "emailRequired",
  "emailInvalid",
  "emailTooLong",
  "personNameTooLong",
  "languageInvalid",
] as const;
export type CustomerValidationKey = (typeof customerValidationKeys)[number];

export function isCustomerValidationKey(value: unknown): value is CustomerValidationKey {
  return typeof value === "string" && (customerValidationKeys as readonly string[]).includes(value);
}

export const customerName = z
  .string()
  .refine((v) => v.trim() !== "", "nameRequired")
  .refine((v) => v.trim().length <= CUSTOMER_NAME_MAX, "nameTooLong");

const personName = z.string().refine((v) => v.trim().length <= PERSON_NAME_MAX, "personNameTooLong");

export const customerCreateSchema = z.object({
  name: customerName,
  email: z.string().superRefine((value, ctx) => {
    const v = value.trim();
    if (v === "") ctx.addIssue({ code: "custom", message: "emailRequired" });
    else if (v.length > EMAIL_MAX) ctx.addIssue({ code: "custom", message: "emailTooLong" });
    else if (!EMAIL.test(v)) ctx.addIssue({ code: "custom", message: "emailInvalid" });
  }),
  firstName: personName,
  lastName: personName,
  language: z.enum(supportedLanguages, { error: "languageInvalid" }),
});

export type CustomerCreateValues = z.infer<typeof customerCreateSchema>;

export const customerNameSchema = z.object({ name: customerName });
export type CustomerNameValues = z.infer<typeof customerNameSchema>;

/** The server's body: trimmed, empty names left out (the server then asks nothing of them). */
export function toCreateBody(values: CustomerCreateValues): CustomerCreateBody {
  const body: CustomerCreateBody = { Name: values.name.trim(), AdminEMail: values.email.trim(), Language: values.language };
  const first = values.firstName.trim();
  const last = values.lastName.trim();
  if (first) body.AdminFirstName = first;
  if (last) body.AdminLastName = last;
  return body;
}
