/** The shell's calls: admin login, logout, "is this person an organizer?", and their name. */
import { queryOptions } from "@tanstack/react-query";
import type { LoginResponse } from "@/features/accounts/reasons";
import type { MyRights } from "@/lib/admin-roles";
import { ApiError, request } from "@/lib/api-client";

export function loginAdmin(email: string, password: string): Promise<LoginResponse> {
  return request<LoginResponse>("/loginadmin", {
    method: "POST",
    body: { LoginEMail: email.trim(), Password: password },
    auth: false,
  });
}

export function logoutAdmin(): Promise<undefined> {
  return request<undefined>("/logout", { method: "POST" });
}

export interface ConsolePerson {
  ID: string;
  FirstName: string;
  LastName: string;
}

/** Thrown when the token is good but the person holds no admin grant (403 on `GET /admins`). */
export class NoOrganizerRightsError extends Error {
  constructor() {
    super("no organizer rights");
    this.name = "NoOrganizerRightsError";
  }
}

/**
 * The signed-in organizer: `GET /admins` answers 403 to anyone without an admin grant (the
 * login refuses them too, Reason 11, but a grant can be withdrawn while a token lives), and
 * `GET /persons/{PersonID}` gives the name for the header.
 */
export async function loadOrganizer(personID: string, signal?: AbortSignal): Promise<ConsolePerson> {
  const opts = signal ? { signal } : {};
  const [person] = await Promise.all([
    request<ConsolePerson>(`/persons/${encodeURIComponent(personID)}`, opts),
    request<unknown>("/admins", opts).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 403) throw new NoOrganizerRightsError();
      throw error;
    }),
  ]);
  return person;
}

export const organizerQuery = (token: string, personID: string) =>
  queryOptions({
    queryKey: ["manage", "me", token] as const,
    queryFn: ({ signal }) => loadOrganizer(personID, signal),
    staleTime: Infinity,
    retry: false,
  });

/**
 * The caller's effective rights for one event (`GET /events/{EventID}/my-rights`): the event's
 * page shows only the sections they hold the role for. Not retried: a failure shows every section
 * (the server refuses what the caller may not do, so nothing is opened by it).
 */
export const myRightsQuery = (eventID: string) =>
  queryOptions({
    queryKey: ["manage", "events", eventID, "my-rights"] as const,
    queryFn: ({ signal }) => request<MyRights>(`/events/${encodeURIComponent(eventID)}/my-rights`, { signal }),
    staleTime: 30_000,
    retry: false,
  });
