/**
 * The approve and reject forms' rules (zod, read by react-hook-form). The internal name follows
 * the event form's rules exactly (`internalNameProblem`: format and the platform's reserved names,
 * their messages the console's `validation.*`); whether it is taken is asked while typing, as
 * there (`use-name-check.ts`). A new customer's name is 1–200 characters; a reason 1–2000.
 * Messages are keys of the console namespace (`EventValidationKey`) or of `eventRequests`'
 * `validation.*` (`RequestValidationKey`); the two sets do not overlap.
 */
import { z } from "zod";
import { internalNameProblem } from "../schema";
import type { ApproveBody } from "./api";

export const CUSTOMER_NAME_MAX = 200;
export const REASON_MAX = 2000;
const NAME_MAX = 63;

export const requestValidationKeys = ["customerNameRequired", "customerNameTooLong", "reasonRequired", "reasonTooLong"] as const;
export type RequestValidationKey = (typeof requestValidationKeys)[number];

export function isRequestValidationKey(value: unknown): value is RequestValidationKey {
  return typeof value === "string" && (requestValidationKeys as readonly string[]).includes(value);
}

export const approveSchema = z
  .object({
    customerChoice: z.enum(["existing", "new"]),
    CustomerID: z.string(),
    NewCustomerName: z.string(),
    InternalName: z.string(),
  })
  .superRefine((values, ctx) => {
    const name = internalNameProblem(values.InternalName);
    if (name) ctx.addIssue({ code: "custom", message: name, path: ["InternalName"] });
    if (values.customerChoice === "existing") {
      if (values.CustomerID === "") ctx.addIssue({ code: "custom", message: "customerRequired", path: ["CustomerID"] });
    } else {
      const customer = values.NewCustomerName.trim();
      if (customer === "") ctx.addIssue({ code: "custom", message: "customerNameRequired", path: ["NewCustomerName"] });
      else if (customer.length > CUSTOMER_NAME_MAX) ctx.addIssue({ code: "custom", message: "customerNameTooLong", path: ["NewCustomerName"] });
    }
  });
export type ApproveValues = z.infer<typeof approveSchema>;

export const rejectSchema = z.object({
  Reason: z
    .string()
    .refine((v) => v.trim() !== "", "reasonRequired")
    .refine((v) => [...v.trim()].length <= REASON_MAX, "reasonTooLong"),
});
export type RejectValues = z.infer<typeof rejectSchema>;

/** The server's body: the chosen customer only, names trimmed. Call with accepted values. */
export function toApproveBody(values: ApproveValues): ApproveBody {
  return values.customerChoice === "existing"
    ? { CustomerID: values.CustomerID, InternalName: values.InternalName }
    : { NewCustomerName: values.NewCustomerName.trim(), InternalName: values.InternalName };
}

/**
 * An internal name made from the request's title, to start from: letters without their accents,
 * everything else a hyphen, at most 63 characters; "" when too little is left (the form then
 * asks for one). It may still be reserved or taken: the form checks it like a typed one.
 */
export function suggestInternalName(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/ß/g, "ss")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, NAME_MAX)
    .replace(/-+$/, "");
  return slug.length >= 2 ? slug : "";
}
