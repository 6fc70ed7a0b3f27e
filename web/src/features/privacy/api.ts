/**
 * The attendee's own personal-data calls (server: privacy/router.py):
 * - `GET /persons/me/data-export`: a zip of JSON files (profile, messages, ballots, questions,
 *   projects, files, agenda, consent, attendances), fetched with the attendee's token;
 * - `DELETE /persons/me` `{Password}`: erases the account (the password is required when the
 *   account has one; a provider-only account sends none);
 * - `PUT /events/{E}/consent` `{Functional, Statistics}`: the consent choice the server keeps for
 *   this event (analytics reads it).
 */
import { request } from "@/lib/api-client";
import { downloadFile } from "@/lib/download";

export function downloadMyData(token: string | null): Promise<void> {
  return downloadFile({ path: "/persons/me/data-export", token, type: "application/zip", fallbackName: "venuely-data.zip" });
}

export async function deleteMyAccount(password: string): Promise<void> {
  await request<unknown>("/persons/me", { method: "DELETE", ...(password ? { body: { Password: password } } : {}) });
}

export interface ConsentBody {
  Functional: boolean;
  Statistics: boolean;
}

export function putConsent(eventID: string, body: ConsentBody): Promise<unknown> {
  return request(`/events/${encodeURIComponent(eventID)}/consent`, { method: "PUT", body });
}
