/**
 * Inviting an admin, step by step, and what each outcome means for the form:
 *
 * 1. `GET /personbyemail?EMail=`: the person, or 404 when the caller finds none.
 * 2. None: the names are needed (`namesNeeded`, nothing is sent); with them,
 *    `POST /persons {FirstName, LastName, LoginEMail, EventID}` creates the account for this
 *    event (the server also mails it a link to choose a password). A 409 `EMAIL_ALREADY_USED`
 *    means the address has an account the caller may not see (an attendee elsewhere): the grant
 *    then names the person by address, which the server resolves over all accounts.
 * 3. `POST /admins {PersonID | LoginEMail, AdminType, EventID | CustomerID, Roles}` (`Roles` only
 *    when some are ticked: none is full rights); 409 `CONFLICT` is "already an admin" (`already`).
 * 4. `POST /admins/{AdminID}/sendnewadmininfomail` (202).
 *
 * A customer's own admins screen has no event: there a master admin creates the account without
 * one (`POST /persons` without `EventID`, which only masters may do), and anyone else grants by
 * address straight away, so an address without any account is `noAccount`.
 *
 * Nothing is undone on a later failure: a created account stays (`failed` with `created`; the
 * next attempt finds it in step 1), a grant whose mail failed stays (`mailFailed`; the list offers
 * "Resend invitation").
 */
import type { AdminRole } from "@/lib/admin-roles";
import {
  createPerson,
  findPersonByEmail,
  grantAdmin,
  isStatus,
  sendNewAdminInfoMail,
  type AdminKind,
  type GrantBody,
} from "./api";
import { missingNames } from "./schema";

export interface InviteInput {
  email: string;
  firstName: string;
  lastName: string;
  kind: AdminKind;
  /** Null on a customer's screen (customer rights only). */
  eventId: string | null;
  customerId: string;
  roles: readonly AdminRole[];
  /** Without an event: whether the caller may create an account (master admins). */
  mayCreateAccounts?: boolean;
}

export type InviteStep = "lookup" | "create" | "grant";

export type InviteOutcome =
  | { kind: "done"; adminId: string; created: boolean }
  | { kind: "mailFailed"; adminId: string; created: boolean; error: unknown }
  | { kind: "namesNeeded"; missing: Array<"firstName" | "lastName"> }
  | { kind: "already" }
  | { kind: "noAccount" }
  | { kind: "failed"; step: InviteStep; created: boolean; error: unknown };

export async function inviteAdmin(input: InviteInput): Promise<InviteOutcome> {
  const email = input.email.trim();
  let person: { PersonID: string } | { LoginEMail: string };
  let created = false;

  const createsAccounts = input.eventId !== null || input.mayCreateAccounts === true;
  try {
    const found = await findPersonByEmail(email);
    person = found ? { PersonID: found.ID } : { LoginEMail: email };
    if (!found && createsAccounts) {
      const missing = missingNames(input);
      if (missing.length > 0) return { kind: "namesNeeded", missing };
    }
  } catch (error) {
    return { kind: "failed", step: "lookup", created, error };
  }

  if ("LoginEMail" in person && createsAccounts) {
    try {
      const made = await createPerson({
        FirstName: input.firstName.trim(),
        LastName: input.lastName.trim(),
        LoginEMail: email,
        ...(input.eventId !== null ? { EventID: input.eventId } : {}),
      });
      person = { PersonID: made.ID };
      created = true;
    } catch (error) {
      // An account the caller cannot see: grant by address (the server finds every account).
      if (!isStatus(error, 409, "EMAIL_ALREADY_USED")) return { kind: "failed", step: "create", created, error };
    }
  }

  const roles = input.roles.length > 0 ? { Roles: [...input.roles] } : {};
  const scope: GrantBody =
    input.kind === "Event" && input.eventId !== null
      ? { ...person, AdminType: "Event", EventID: input.eventId, ...roles }
      : { ...person, AdminType: "Customer", CustomerID: input.customerId, ...roles };
  let adminId: string;
  try {
    adminId = (await grantAdmin(scope)).ID;
  } catch (error) {
    if (isStatus(error, 409, "CONFLICT")) return { kind: "already" };
    if (!createsAccounts && "LoginEMail" in person && isStatus(error, 404, "PERSON_NOT_FOUND")) return { kind: "noAccount" };
    return { kind: "failed", step: "grant", created, error };
  }

  try {
    await sendNewAdminInfoMail(adminId);
  } catch (error) {
    return { kind: "mailFailed", adminId, created, error };
  }
  return { kind: "done", adminId, created };
}
