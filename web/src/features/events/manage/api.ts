/**
 * The organizer's event calls (admin-api.md, events) and their queries. Every call carries the
 * console's token (the shell registers it with the API client). Query keys start with
 * `["manage", "events"]`, so one invalidation refreshes every event view of the console.
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { ApiError, request } from "@/lib/api-client";
import type { EventSettingsBody } from "./schema";

/** `GET /events/{EventID}` (the fields the console reads; the server sends more). */
export interface ManagedEvent {
  ID: string;
  CustomerID: string;
  InternalName: string;
  Title: string;
  Description?: string;
  DateBeginUTC: string;
  DateEndUTC: string;
  TimeZone: string;
  DefaultLanguage: string;
  IsListed: boolean;
  /** Only the whitelist admits attendees; an empty one admits none (docs/subsystems/events.md). */
  IsRestricted?: boolean;
  IsUseIsolation: boolean;
  Isolations: unknown[];
  /** Days after the end when the chat is deleted; null (or absent) keeps it. */
  ChatRetentionDays?: number | null;
}

/** A row of `GET /events/managed`: the event plus what the list shows beside it. */
export interface ManagedEventRow extends ManagedEvent {
  CustomerName: string;
  MayDelete: boolean;
}

export interface Customer {
  ID: string;
  Name: string;
  MayCreateEvents: boolean;
}

export type When = "upcoming" | "past";
export const PAGE_SIZE = 100;

const id = encodeURIComponent;

export const eventKeys = {
  all: ["manage", "events"] as const,
  lists: () => [...eventKeys.all, "list"] as const,
  list: (when: When, search: string) => [...eventKeys.lists(), when, search] as const,
  detail: (eventID: string) => [...eventKeys.all, eventID] as const,
  mayDelete: (eventID: string) => [...eventKeys.all, eventID, "may-delete"] as const,
  nameTaken: (name: string) => [...eventKeys.all, "name", name] as const,
  customers: ["manage", "customers"] as const,
};

export function listManagedEvents(
  when: When,
  search: string,
  startID: string | undefined,
  signal?: AbortSignal,
): Promise<ManagedEventRow[]> {
  return request<ManagedEventRow[]>("/events/managed", {
    // The server reads the search text as `search` (events/router.py), like the public lists.
    query: { When: when, search: search || undefined, MaxCount: PAGE_SIZE, StartID: startID },
    ...(signal ? { signal } : {}),
  });
}

export const managedEventsQuery = (when: When, search: string) =>
  infiniteQueryOptions({
    queryKey: eventKeys.list(when, search),
    queryFn: ({ pageParam, signal }) => listManagedEvents(when, search, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // A full page may have more after it: the next page starts after its last ID.
    getNextPageParam: (last: ManagedEventRow[]) => (last.length < PAGE_SIZE ? undefined : last[last.length - 1]?.ID),
  });

export function getEvent(eventID: string, signal?: AbortSignal): Promise<ManagedEvent> {
  return request<ManagedEvent>(`/events/${id(eventID)}`, signal ? { signal } : {});
}

export const eventQuery = (eventID: string) =>
  queryOptions({ queryKey: eventKeys.detail(eventID), queryFn: ({ signal }) => getEvent(eventID, signal) });

/** Deleting takes customer or master rights (the list's `MayDelete` says the same per row). */
export const mayDeleteQuery = (eventID: string) =>
  queryOptions({
    queryKey: eventKeys.mayDelete(eventID),
    queryFn: ({ signal }) =>
      request<boolean>("/admins/getiscustomerormasteradminfromeventid", { query: { EventID: eventID }, signal }),
  });

export function getCustomers(signal?: AbortSignal): Promise<Customer[]> {
  return request<Customer[]>("/customers", signal ? { signal } : {});
}

export const customersQuery = () =>
  queryOptions({ queryKey: eventKeys.customers, queryFn: ({ signal }) => getCustomers(signal), staleTime: 60_000 });

/**
 * Who holds an internal name: the event's ID, or null when it is free (404). Other failures
 * throw (the form then says it could not check).
 */
export async function internalNameOwner(name: string, signal?: AbortSignal): Promise<string | null> {
  try {
    const metadata = await request<{ EventID: string }>(`/events/name/${id(name)}/metadata`, {
      auth: false,
      ...(signal ? { signal } : {}),
    });
    return metadata.EventID;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function createEvent(customerID: string, body: EventSettingsBody): Promise<ManagedEvent> {
  return request<ManagedEvent>(`/customers/${id(customerID)}/events`, { method: "POST", body });
}

export function updateEvent(eventID: string, body: EventSettingsBody): Promise<ManagedEvent> {
  return request<ManagedEvent>(`/events/${id(eventID)}`, { method: "PUT", body });
}

export function deleteEvent(eventID: string): Promise<undefined> {
  return request<undefined>(`/events/${id(eventID)}`, { method: "DELETE" });
}

function refreshLists(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: eventKeys.lists() });
}

export function useCreateEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ customerID, body }: { customerID: string; body: EventSettingsBody }) => createEvent(customerID, body),
    onSuccess: async (event) => {
      client.setQueryData(eventKeys.detail(event.ID), event);
      await refreshLists(client);
    },
  });
}

export function useUpdateEvent(eventID: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EventSettingsBody) => updateEvent(eventID, body),
    onSuccess: async (event) => {
      client.setQueryData(eventKeys.detail(eventID), event);
      await refreshLists(client);
    },
  });
}

export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (eventID: string) => deleteEvent(eventID),
    onSuccess: async (_answer, eventID) => {
      client.removeQueries({ queryKey: eventKeys.detail(eventID) });
      await refreshLists(client);
    },
  });
}
