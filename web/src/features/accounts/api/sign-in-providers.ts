import { queryOptions } from "@tanstack/react-query";
import { buildUrl, request } from "@/lib/api-client";

/** A row of `GET /events/{EventID}/sign-in-providers`: the event's enabled providers. */
export interface SignInProvider {
  ID: string;
  /** "google" shows Google's button; anything else ("oidc") a plain one. */
  Kind: string;
  Label: string;
}

function isProvider(value: unknown): value is SignInProvider {
  if (!value || typeof value !== "object") return false;
  const { ID, Kind, Label } = value as Record<string, unknown>;
  return typeof ID === "string" && ID !== "" && typeof Kind === "string" && typeof Label === "string" && Label.trim() !== "";
}

/** Only well-formed rows: Login must render whatever a proxy or an older server answers. */
export async function getSignInProviders(eventID: string, signal?: AbortSignal): Promise<SignInProvider[]> {
  const answer = await request<unknown>(`/events/${encodeURIComponent(eventID)}/sign-in-providers`, {
    auth: false,
    ...(signal ? { signal } : {}),
  });
  return Array.isArray(answer) ? answer.filter(isProvider) : [];
}

export const signInProvidersQuery = (eventID: string) =>
  queryOptions({
    queryKey: ["events", eventID, "sign-in-providers"] as const,
    queryFn: ({ signal }) => getSignInProviders(eventID, signal),
    // The login page works without them (password login): a failure shows no buttons, no retries.
    retry: false,
    staleTime: 60_000,
  });

/**
 * Where the browser goes to sign in with a provider: the server answers with a redirect to the
 * provider's login page. `next` is the page inside the event to land on afterwards.
 */
export function signInStartUrl(providerID: string, eventID: string, next: string): string {
  return buildUrl(`/identity/oidc/${encodeURIComponent(providerID)}/start`, { EventID: eventID, Next: next });
}
