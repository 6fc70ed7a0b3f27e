/**
 * The invite form's rules (zod, read by react-hook-form), mirroring the server's
 * (accounts/schemas.py): a login address of at most 320 characters (the attendee forms' format
 * check; the server's validator has the last word), first and last names of at most 100
 * characters after trimming. The names are needed only when no account uses the address yet;
 * the screen asks for them then (`namesNeeded`).
 *
 * Roles: any of the four (lib/admin-roles.ts), none ticked being full rights.
 *
 * Messages are keys under `validation.*` of the `admins` namespace.
 */
import { z } from "zod";
import { ADMIN_ROLES } from "@/lib/admin-roles";

export const EMAIL_MAX = 320;
export const NAME_MAX = 100;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const inviteValidationKeys = ["emailRequired", "emailInvalid", "emailTooLong", "firstNameNeeded", "lastNameNeeded", "nameTooLong"] as const;
export type InviteValidationKey = (typeof inviteValidationKeys)[number];

export function isInviteValidationKey(value: unknown): value is InviteValidationKey {
  return typeof value === "string" && (inviteValidationKeys as readonly string[]).includes(value);
}

const name = z.string().refine((v) => v.trim().length <= NAME_MAX, "nameTooLong");

export const inviteSchema = z.object({
  email: z.string().superRefine((value, ctx) => {
    const v = value.trim();
    if (v === "") ctx.addIssue({ code: "custom", message: "emailRequired" });
    else if (v.length > EMAIL_MAX) ctx.addIssue({ code: "custom", message: "emailTooLong" });
    else if (!EMAIL.test(v)) ctx.addIssue({ code: "custom", message: "emailInvalid" });
  }),
  firstName: name,
  lastName: name,
  kind: z.enum(["Event", "Customer"]),
  roles: z.array(z.enum(ADMIN_ROLES)),
});

/** The edit dialog's one field. */
export const rolesSchema = z.object({ roles: z.array(z.enum(ADMIN_ROLES)) });
export type RolesValues = z.infer<typeof rolesSchema>;

export type InviteValues = z.infer<typeof inviteSchema>;

export const emptyInvite: InviteValues = { email: "", firstName: "", lastName: "", kind: "Event", roles: [] };

/** Login addresses compare without case (the server stores and looks them up in lower case). */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Which names are missing for creating an account (empty when both are there). */
export function missingNames(values: Pick<InviteValues, "firstName" | "lastName">): Array<"firstName" | "lastName"> {
  const out: Array<"firstName" | "lastName"> = [];
  if (values.firstName.trim() === "") out.push("firstName");
  if (values.lastName.trim() === "") out.push("lastName");
  return out;
}
