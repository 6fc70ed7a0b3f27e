/**
 * A customer's sign-in calls (docs/subsystems/auth.md): its sign-in providers
 * (`/customers/{CustomerID}/sign-in-providers`), its events (to choose where a provider shows)
 * and its portal hand-off secret (`/customers/{CustomerID}/sso-secret`). Query keys start with
 * `["manage", "identity", customerId]`. A provider's client secret is write-only: sent in a body
 * when typed, never answered (`HasClientSecret` says whether one is stored).
 */
import { queryOptions } from "@tanstack/react-query";
import { ApiError, buildUrl, request } from "@/lib/api-client";

export type ProviderKind = "google" | "oidc";

export const GOOGLE_ISSUER = "https://accounts.google.com";
export const DEFAULT_SCOPES = "openid email profile";

/** A row of `GET /customers/{CustomerID}/sign-in-providers`. */
export interface SignInProviderRow {
  ID: string;
  CustomerID: string;
  Kind: string;
  Label: string;
  Issuer: string;
  ClientID: string;
  HasClientSecret: boolean;
  /** Space-separated (a list is read too). */
  Scopes: string | string[];
  /** Empty: every event of the customer, also those created later. */
  EventIDs: string[];
  IsEnabled: boolean;
  CreatedAt: string;
}

/** The body of POST and PUT. `ClientSecret` only when one is typed: without it PUT keeps the stored one. */
export interface ProviderBody {
  Kind: ProviderKind;
  Label: string;
  Issuer: string;
  ClientID: string;
  ClientSecret?: string;
  Scopes: string;
  EventIDs: string[];
  IsEnabled: boolean;
}

/** The fields of `GET /customers/{CustomerID}/events` this screen reads. */
export interface CustomerEvent {
  ID: string;
  Title: string;
  InternalName: string;
  DateBeginUTC?: string;
}

export interface SsoSecretState {
  HasSecret: boolean;
  CreatedAt: string | null;
}

const id = encodeURIComponent;

export const identityKeys = {
  all: (customerId: string) => ["manage", "identity", customerId] as const,
  providers: (customerId: string) => ["manage", "identity", customerId, "providers"] as const,
  events: (customerId: string) => ["manage", "identity", customerId, "events"] as const,
  secret: (customerId: string) => ["manage", "identity", customerId, "sso-secret"] as const,
};

const providersPath = (customerId: string) => `/customers/${id(customerId)}/sign-in-providers`;

export const providersQuery = (customerId: string) =>
  queryOptions({
    queryKey: identityKeys.providers(customerId),
    queryFn: ({ signal }) => request<SignInProviderRow[]>(providersPath(customerId), { signal }),
  });

/** The server's page limit: a customer with more events than that is not expected here. */
const EVENTS_MAX = 1000;

export const customerEventsQuery = (customerId: string) =>
  queryOptions({
    queryKey: identityKeys.events(customerId),
    queryFn: ({ signal }) => request<CustomerEvent[]>(`/customers/${id(customerId)}/events`, { query: { MaxCount: EVENTS_MAX }, signal }),
    staleTime: 60_000,
  });

export const ssoSecretQuery = (customerId: string) =>
  queryOptions({
    queryKey: identityKeys.secret(customerId),
    queryFn: ({ signal }) => request<SsoSecretState>(`/customers/${id(customerId)}/sso-secret`, { signal }),
  });

export function createProvider(customerId: string, body: ProviderBody): Promise<SignInProviderRow> {
  return request<SignInProviderRow>(providersPath(customerId), { method: "POST", body });
}

export function updateProvider(customerId: string, providerId: string, body: ProviderBody): Promise<SignInProviderRow> {
  return request<SignInProviderRow>(`${providersPath(customerId)}/${id(providerId)}`, { method: "PUT", body });
}

export function deleteProvider(customerId: string, providerId: string): Promise<undefined> {
  return request<undefined>(`${providersPath(customerId)}/${id(providerId)}`, { method: "DELETE" });
}

export function createSsoSecret(customerId: string): Promise<{ Secret: string }> {
  return request<{ Secret: string }>(`/customers/${id(customerId)}/sso-secret`, { method: "POST" });
}

export function scopesText(scopes: SignInProviderRow["Scopes"] | null | undefined): string {
  return (Array.isArray(scopes) ? scopes.join(" ") : (scopes ?? "")).trim();
}

/** A stored provider as a body (for switching it on or off): no secret, so the stored one stays. */
export function bodyOf(row: SignInProviderRow, change: Partial<ProviderBody> = {}): ProviderBody {
  return {
    Kind: row.Kind === "google" ? "google" : "oidc",
    Label: row.Label,
    Issuer: row.Issuer,
    ClientID: row.ClientID,
    Scopes: scopesText(row.Scopes),
    EventIDs: row.EventIDs,
    IsEnabled: row.IsEnabled,
    ...change,
  };
}

/** The address an organizer registers at the provider; the server's callback for every provider. */
export function redirectUri(origin: string): string {
  return `${origin}${buildUrl("/identity/oidc/callback")}`;
}

export function handoffAddress(origin: string): string {
  return `${origin}${buildUrl("/identity/sso/handoff")}`;
}

/**
 * Where "Test sign-in" goes: the start URL attendees' buttons use, for one event, marked as a
 * test (`Test=1`) for the server.
 */
export function testSignInUrl(providerId: string, eventId: string): string {
  return buildUrl(`/identity/oidc/${id(providerId)}/start`, { EventID: eventId, Next: "/", Test: 1 });
}

export function isStatus(error: unknown, status: number): error is ApiError {
  return error instanceof ApiError && error.status === status;
}

/** The body fields a 422 names (`Data.Problems[].Name`). */
export function problemNames(error: unknown): string[] {
  if (!isStatus(error, 422)) return [];
  const problems = (error.data as { Problems?: unknown } | null)?.Problems;
  if (!Array.isArray(problems)) return [];
  return problems
    .map((p) => (p && typeof p === "object" ? (p as { Name?: unknown }).Name : undefined))
    .filter((name): name is string => typeof name === "string");
}
