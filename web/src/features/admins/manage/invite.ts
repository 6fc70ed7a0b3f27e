/**
 * Inviting an admin, step by step, and what each outcome means for the form:
 *
 * 1. `GET /personbyemail?EMail=`: the person, or 404 when the caller finds none.
 * 2. None: the names are needed (`namesNeeded`, nothing is sent); with them,
 *    `POST /persons {FirstName, LastName, LoginEMail, EventID}` creates the account for this
 *    event (the server also mails it a link to choose a password). A 409 `EMAIL_ALREADY_USED`
 *    means the address has an account the caller may not see (an attendee elsewhere): the grant
 *    then names the person by address, which the server resolves over all accounts.
 * 3. `POST /admins {PersonID | LoginEMail, AdminType, EventID | CustomerID}`; 409 `CONFLICT`
 *    is "already an admin" (`already`).
 * 4. `POST /admins/{AdminID}/sendnewadmininfomail` (202).
 *
 * Nothing is undone on a later failure: a created account stays (`failed` with `created`; the
 * next attempt finds it in step 1), a grant whose mail failed stays (`mailFailed`; the list offers
 * "Resend invitation").
 */
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
  eventId: string;
  customerId: string;
}

export type InviteStep = "lookup" | "create" | "grant";

export type InviteOutcome =
  | { kind: "done"; adminId: string; created: boolean }
  | { kind: "mailFailed"; adminId: string; created: boolean; error: unknown }
  | { kind: "namesNeeded"; missing: Array<"firstName" | "lastName"> }
  | { kind: "already" }
  | { kind: "failed"; step: InviteStep; created: boolean; error: unknown };

export async function inviteAdmin(input: InviteInput): Promise<InviteOutcome> {
  const email = input.email.trim();
  let person: { PersonID: string } | { LoginEMail: string };
  let created = false;

  try {
    const found = await findPersonByEmail(email);
    person = found ? { PersonID: found.ID } : { LoginEMail: email };
    if (!found) {
      const missing = missingNames(input);
      if (missing.length > 0) return { kind: "namesNeeded", missing };
    }
  } catch (error) {
    return { kind: "failed", step: "lookup", created, error };
  }

  if ("LoginEMail" in person) {
    try {
      const made = await createPerson({
        FirstName: input.firstName.trim(),
        LastName: input.lastName.trim(),
        LoginEMail: email,
        EventID: input.eventId,
      });
      person = { PersonID: made.ID };
      created = true;
    } catch (error) {
      // An account the caller cannot see: grant by address (the server finds every account).
      if (!isStatus(error, 409, "EMAIL_ALREADY_USED")) return { kind: "failed", step: "create", created, error };
    }
  }

  const scope: GrantBody =
    input.kind === "Event"
      ? { ...person, AdminType: "Event", EventID: input.eventId }
      : { ...person, AdminType: "Customer", CustomerID: input.customerId };
  let adminId: string;
  try {
    adminId = (await grantAdmin(scope)).ID;
  } catch (error) {
    if (isStatus(error, 409, "CONFLICT")) return { kind: "already" };
    return { kind: "failed", step: "grant", created, error };
  }

  try {
    await sendNewAdminInfoMail(adminId);
  } catch (error) {
    return { kind: "mailFailed", adminId, created, error };
  }
  return { kind: "done", adminId, created };
}
