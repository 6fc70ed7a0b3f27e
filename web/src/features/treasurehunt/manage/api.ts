/**
 * The console section's own calls, beside the shared ones of ../api.ts: the event (its zone and
 * its tour's PanoURL), a new hunt — a `TreasureHunt` activity, created through the activities API
 * (`POST /events/{E}/activities?EntityType=TreasureHunt`, an open document whose Title, DateBegin
 * and DateEnd the hunt reads) — and the rooms of the event's tour.
 */
import { queryOptions } from "@tanstack/react-query";
import { request } from "@/lib/api-client";
import type { HuntKeys } from "../api";

export interface HuntEvent {
  ID: string;
  TimeZone: string;
  PanoURL?: string;
}

/** The hunt's activity document; times are UTC and left out when not set (always open). */
export interface HuntBody {
  Title: string;
  DateBegin?: string;
  DateEnd?: string;
}

export const TREASURE_HUNT = "TreasureHunt";
/** The server's limit of items per hunt. */
export const MAX_ITEMS = 200;

const enc = encodeURIComponent;

export const huntEventQuery = (keys: HuntKeys, eventId: string) =>
  queryOptions({
    queryKey: [...keys.all, "event"] as const,
    queryFn: ({ signal }) => request<HuntEvent>(`/events/${enc(eventId)}`, { signal }),
  });

export function createHunt(eventId: string, body: HuntBody): Promise<{ ID: string; Title: string }> {
  return request<{ ID: string; Title: string }>(`/events/${enc(eventId)}/activities`, { method: "POST", query: { EntityType: TREASURE_HUNT }, body });
}

/**
 * A new title or schedule for a hunt. The activities API's PUT replaces the whole document, so
 * the stored one is read first and only the hunt's own fields change: whatever else an organizer
 * put there through the API stays. A schedule left empty is removed (always open).
 */
export async function updateHunt(eventId: string, huntId: string, body: HuntBody): Promise<{ ID: string; Title: string }> {
  const path = `/events/${enc(eventId)}/activities/${enc(huntId)}`;
  const document = { ...(await request<Record<string, unknown>>(path)) };
  delete document.DateBegin;
  delete document.DateEnd;
  return request<{ ID: string; Title: string }>(path, { method: "PUT", body: { ...document, ...body } });
}

/** Deleting the activity takes the hunt's items, finds and scores along (the server's hook). */
export function deleteHunt(eventId: string, huntId: string): Promise<undefined> {
  return request<undefined>(`/events/${enc(eventId)}/activities/${enc(huntId)}`, { method: "DELETE" });
}
