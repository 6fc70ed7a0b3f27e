/**
 * The organizer's admin-rights calls (permissions.md, "The admin API"; accounts for persons).
 * Query keys start with `["manage", "admins"]`, so one invalidation refreshes both groups.
 *
 * The event (`GET /events/{EventID}`) and the customers (`GET /customers`) are read under the
 * same keys and from the same URLs as the events screens (the event page's layout has loaded the
 * event already), so switching sections asks the server nothing new.
 */
import { queryOptions } from "@tanstack/react-query";
import type { AdminRole } from "@/lib/admin-roles";
import { ApiError, request } from "@/lib/api-client";

/** The grants this screen manages (master grants are the platform's, not an event's). */
export type AdminKind = "Event" | "Customer";

/** A row of `GET /admins/listadmins/{AdminType}` (admins/schemas.py `AdminListItem`). */
export interface AdminListItem {
  AdminID: string;
  PersonID: string;
  FullName: string;
  LoginEMail: string;
  AdminType: string;
  CustomerID: string | null;
  EventID: string | null;
  /** Only with `WithRoles=true`. */
  Roles?: string[] | null;
}

/** `POST /admins` answers the grant (`AdminOut`). */
export interface AdminGrant {
  ID: string;
  PersonID: string;
  AdminType: string;
  CustomerID: string | null;
  EventID: string | null;
  Roles?: string[];
}

export interface AdminsEvent {
  ID: string;
  CustomerID: string;
  Title: string;
}

export interface AdminsCustomer {
  ID: string;
  Name: string;
  /** Customer or master rights over it: the caller may grant and remove rights there. */
  MayCreateEvents: boolean;
}

const id = encodeURIComponent;

export const adminKeys = {
  all: ["manage", "admins"] as const,
  event: (eventID: string) => ["manage", "admins", "Event", eventID] as const,
  customer: (customerID: string) => ["manage", "admins", "Customer", customerID] as const,
};

export const adminsEventQuery = (eventID: string) =>
  queryOptions({
    queryKey: ["manage", "events", eventID] as const,
    queryFn: ({ signal }) => request<AdminsEvent>(`/events/${id(eventID)}`, { signal }),
  });

export const adminsCustomersQuery = () =>
  queryOptions({
    queryKey: ["manage", "customers"] as const,
    queryFn: ({ signal }) => request<AdminsCustomer[]>("/customers", { signal }),
    staleTime: 60_000,
  });

export const eventAdminsQuery = (eventID: string) =>
  queryOptions({
    queryKey: adminKeys.event(eventID),
    queryFn: ({ signal }) =>
      request<AdminListItem[]>("/admins/listadmins/Event", { query: { EventID: eventID, WithRoles: true }, signal }),
  });

export const customerAdminsQuery = (customerID: string) =>
  queryOptions({
    queryKey: adminKeys.customer(customerID),
    queryFn: ({ signal }) =>
      request<AdminListItem[]>("/admins/listadmins/Customer", { query: { CustomerID: customerID, WithRoles: true }, signal }),
  });

export function isStatus(error: unknown, status: number, code?: string): error is ApiError {
  return error instanceof ApiError && error.status === status && (code === undefined || error.code === code);
}

/** The person with this login address, or null when the caller finds none (404). */
export async function findPersonByEmail(email: string): Promise<{ ID: string } | null> {
  try {
    return await request<{ ID: string }>("/personbyemail", { query: { EMail: email } });
  } catch (error) {
    if (isStatus(error, 404)) return null;
    throw error;
  }
}

export interface NewPerson {
  FirstName: string;
  LastName: string;
  LoginEMail: string;
  /**
   * The person is created for (and enrolled in) this event, so the caller may see them. Without
   * one only master admins may create a person (a customer's admins screen has no event).
   */
  EventID?: string;
}

export function createPerson(body: NewPerson): Promise<{ ID: string }> {
  return request<{ ID: string }>("/persons", { method: "POST", body });
}

/** `Roles` left out (or empty) is a grant with full rights over its scope. */
export type GrantBody = ({ PersonID: string } | { LoginEMail: string }) &
  ({ AdminType: "Event"; EventID: string } | { AdminType: "Customer"; CustomerID: string }) & { Roles?: AdminRole[] };

export function grantAdmin(body: GrantBody): Promise<AdminGrant> {
  return request<AdminGrant>("/admins", { method: "POST", body });
}

/** `PUT /admins/{AdminID}` with only `Roles`: the grant's scope stays; an empty list is full rights. */
export function updateAdminRoles(adminID: string, roles: readonly AdminRole[]): Promise<AdminGrant> {
  return request<AdminGrant>(`/admins/${id(adminID)}`, { method: "PUT", body: { Roles: roles } });
}

export function sendNewAdminInfoMail(adminID: string): Promise<{ Sent: boolean }> {
  return request<{ Sent: boolean }>(`/admins/${id(adminID)}/sendnewadmininfomail`, { method: "POST" });
}

export function removeAdmin(adminID: string): Promise<undefined> {
  return request<undefined>(`/admins/${id(adminID)}`, { method: "DELETE" });
}

/** Which limit a 429 of the info mail hit, and when to try again (core/ratelimit.py). */
export function mailLimit(error: unknown): { perGrant: boolean; minutes: number } | null {
  if (!isStatus(error, 429)) return null;
  const data = (error.data ?? {}) as { Limit?: unknown; RetryAfterSeconds?: unknown };
  const seconds = typeof data.RetryAfterSeconds === "number" && data.RetryAfterSeconds > 0 ? data.RetryAfterSeconds : 3600;
  return { perGrant: data.Limit !== "admin_info_mail_sender", minutes: Math.max(1, Math.ceil(seconds / 60)) };
}

/** Whether the caller is a master admin (the shell asks the same under the same key). */
export const adminsIsMasterQuery = () =>
  queryOptions({
    queryKey: ["manage", "is-master"] as const,
    queryFn: ({ signal }) => request<boolean>("/admins/getismasteradmin", { signal }),
    staleTime: 60_000,
    retry: false,
  });
