/**
 * The Navigation screen's calls. The server has no admin read of the menu of its own: the screen
 * reads it as the attendee app does, from `GET /events/{EventID}/public`, which answers an admin
 * of the event every item (hidden ones too) by Index descending, with `SidebarTitles`,
 * `DefaultPage` and the tour's `PanoURL`. Writes (events/menu_router.py), all EventAdmin:
 *
 * - `POST /events/{EventID}/menu` (201) and `PUT /events/{EventID}/menu/{MenuItemID}`: the whole
 *   item, validated per `Type` by the server; a PUT replaces the stored item, so a reorder sends
 *   every field of the item with only `Index` changed.
 * - `DELETE /events/{EventID}/menu/{MenuItemID}` (204); the server resets `DefaultPage` when it
 *   named that item.
 * - `PUT /events/{EventID}/menu/default` with `{ID}` (24 zeros clears it); answers the event.
 *
 * Targets come from the tour (`{PanoURL}tour.json`, docs/formats/tour-package.md) and the event's
 * locations (`GET /customers/{CustomerID}/locations?EventID=`).
 */
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { request } from "@/lib/api-client";
import { eventKeys, type ManagedEvent } from "./api";

/** A menu item as the server answers it (events/menu.py `MenuItemOut`). */
export interface NavItem {
  ID: string;
  Position: string;
  IsVisible: boolean;
  Index: number;
  Name: string;
  NameDE: string;
  Names: Record<string, string>;
  SidebarTitles: Record<string, string>;
  Type: string;
  SidebarType: string | null;
  Data: Record<string, unknown>;
  VirtualSpaceID: string;
  IsSidebar: boolean;
}

/** What an item is sent as: every field but the ID, which the path (or the server) gives. */
export type NavItemBody = Omit<NavItem, "ID"> & { ID?: string };

export interface NavigationData {
  EventID: string;
  PanoURL: string;
  DefaultPage: string;
  Navigation: NavItem[];
}

/** A room of the venue's tour: what the Panorama picker offers. */
export interface TourRoom {
  id: string;
  customID: string | null;
  name: Partial<Record<string, string>>;
}

/** `GET /customers/{CustomerID}/locations` (the fields the picker reads). */
export interface EventLocation {
  ID: string;
  Name: string;
  VirtualSpacepanoIDs: string[];
  IsDisabled: boolean;
}

const id = encodeURIComponent;

export const navigationKeys = {
  // Under the event's keys, so a change of the event elsewhere in the console refreshes it too.
  menu: (eventId: string) => [...eventKeys.detail(eventId), "navigation"] as const,
  // Its own key: the Pages screen caches other facts of the same tour.json.
  tour: (panoURL: string) => ["manage", "tour-rooms", panoURL] as const,
  locations: (customerId: string, eventId: string) => ["manage", "locations", customerId, eventId] as const,
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const strings = (value: unknown): Record<string, string> =>
  isObject(value) ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string")) : {};

/** Reads one item defensively: older rows may lack fields the server now defaults. */
export function toNavItem(raw: unknown): NavItem | null {
  if (!isObject(raw) || typeof raw.ID !== "string" || typeof raw.Type !== "string") return null;
  return {
    ID: raw.ID,
    Position: raw.Position === "Bottom" ? "Bottom" : "Top",
    IsVisible: raw.IsVisible !== false,
    Index: typeof raw.Index === "number" && Number.isFinite(raw.Index) ? raw.Index : 0,
    Name: text(raw.Name),
    NameDE: text(raw.NameDE),
    Names: strings(raw.Names),
    SidebarTitles: strings(raw.SidebarTitles),
    Type: raw.Type,
    SidebarType: typeof raw.SidebarType === "string" ? raw.SidebarType : null,
    Data: isObject(raw.Data) ? raw.Data : {},
    VirtualSpaceID: typeof raw.VirtualSpaceID === "string" && raw.VirtualSpaceID !== "" ? raw.VirtualSpaceID : "0".repeat(24),
    IsSidebar: raw.IsSidebar === true,
  };
}

export async function loadNavigation(eventId: string, signal?: AbortSignal): Promise<NavigationData> {
  const event = await request<Json>(`/events/${id(eventId)}/public`, signal ? { signal } : {});
  const items = Array.isArray(event.Navigation) ? event.Navigation.map(toNavItem).filter((i): i is NavItem => i !== null) : [];
  return { EventID: eventId, PanoURL: text(event.PanoURL), DefaultPage: text(event.DefaultPage), Navigation: items };
}

export const navigationQuery = (eventId: string) =>
  queryOptions({ queryKey: navigationKeys.menu(eventId), queryFn: ({ signal }) => loadNavigation(eventId, signal) });

export function useNavigation(eventId: string) {
  return useQuery(navigationQuery(eventId));
}

const NODE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The rooms of a tour.json, in tour order; entries the venue could not open are left out. */
export function tourRooms(raw: unknown): TourRoom[] {
  const nodes = isObject(raw) && Array.isArray(raw.Nodes) ? raw.Nodes.filter(isObject) : [];
  const seen = new Set<string>();
  const rooms: TourRoom[] = [];
  for (const node of nodes) {
    const nodeId = text(node.ID);
    if (!NODE_ID.test(nodeId) || seen.has(nodeId)) continue;
    seen.add(nodeId);
    const customID = text(node.CustomID);
    rooms.push({ id: nodeId, customID: NODE_ID.test(customID) ? customID : null, name: strings(node.Name) });
  }
  return rooms;
}

const join = (base: string, file: string) => `${base.endsWith("/") ? base : `${base}/`}${file}`;

export async function loadTourRooms(panoURL: string, signal?: AbortSignal): Promise<TourRoom[]> {
  const response = await fetch(join(panoURL, "tour.json"), { headers: { Accept: "application/json" }, ...(signal ? { signal } : {}) });
  if (!response.ok) throw new Error(`tour.json: HTTP ${response.status}`);
  return tourRooms(await response.json());
}

/** Files under a PanoURL never change (a new tour version gets a new URL): read once. */
export function useTourRooms(panoURL: string) {
  return useQuery({
    queryKey: navigationKeys.tour(panoURL),
    queryFn: ({ signal }) => loadTourRooms(panoURL, signal),
    enabled: panoURL !== "",
    staleTime: Infinity,
  });
}

/** The event's locations; asked only while a form needs them (`enabled`). */
export function useEventLocations(event: ManagedEvent | undefined, eventId: string, enabled: boolean) {
  const customerId = event?.CustomerID ?? "";
  return useQuery({
    queryKey: navigationKeys.locations(customerId, eventId),
    queryFn: ({ signal }) =>
      request<EventLocation[]>(`/customers/${id(customerId)}/locations`, { query: { EventID: eventId }, signal }),
    enabled: enabled && customerId !== "",
    staleTime: 60_000,
  });
}

export function createMenuItem(eventId: string, body: NavItemBody): Promise<unknown> {
  return request<unknown>(`/events/${id(eventId)}/menu`, { method: "POST", body });
}

export function updateMenuItem(eventId: string, itemId: string, body: NavItemBody): Promise<unknown> {
  return request<unknown>(`/events/${id(eventId)}/menu/${id(itemId)}`, { method: "PUT", body });
}

export function deleteMenuItem(eventId: string, itemId: string): Promise<undefined> {
  return request<undefined>(`/events/${id(eventId)}/menu/${id(itemId)}`, { method: "DELETE" });
}

export function putDefaultPage(eventId: string, itemId: string): Promise<ManagedEvent & { DefaultPage: string }> {
  return request(`/events/${id(eventId)}/menu/default`, { method: "PUT", body: { ID: itemId } });
}

/** An item as a PUT body: the stored fields with a change, the names limited to the five languages. */
export function itemBody(item: NavItem, change: Partial<NavItemBody> = {}): NavItemBody {
  const five = (value: Record<string, string>) =>
    Object.fromEntries(["en", "de", "es", "fr", "it"].filter((l) => typeof value[l] === "string").map((l) => [l, value[l] as string]));
  return { ...item, Names: five(item.Names), SidebarTitles: five(item.SidebarTitles), ...change };
}

export interface IndexChange {
  item: NavItem;
  index: number;
}

export interface ReorderResult {
  saved: NavItem[];
  failed: { item: NavItem; error: unknown }[];
  /** After a failure: whether the menu could be read again (else the lists show the cache). */
  reread: boolean;
}

/** A written item as the server answered it (the answer is the truth; the body as a fallback). */
function answered(answer: unknown, fallback: NavItem): NavItem {
  return toNavItem(answer) ?? fallback;
}

/**
 * Writes that keep the cached menu in step with the server's answers, so the lists show what
 * attendees get without reading everything again after each change.
 */
export function useNavigationWrites(eventId: string) {
  const client = useQueryClient();
  const patch = useCallback(
    (change: (data: NavigationData) => NavigationData) =>
      client.setQueryData<NavigationData>(navigationKeys.menu(eventId), (old) => (old ? change(old) : old)),
    [client, eventId],
  );
  const replace = useCallback(
    (items: NavItem[]) => patch((data) => ({ ...data, Navigation: data.Navigation.map((i) => items.find((n) => n.ID === i.ID) ?? i) })),
    [patch],
  );

  const create = useCallback(
    async (body: NavItemBody) => {
      const item = answered(await createMenuItem(eventId, body), { ...body, ID: "" } as NavItem);
      patch((data) => ({ ...data, Navigation: [...data.Navigation, item] }));
      return item;
    },
    [eventId, patch],
  );

  const update = useCallback(
    async (itemId: string, body: NavItemBody) => {
      const item = answered(await updateMenuItem(eventId, itemId, body), { ...body, ID: itemId });
      replace([item]);
      return item;
    },
    [eventId, replace],
  );

  const remove = useCallback(
    async (item: NavItem) => {
      await deleteMenuItem(eventId, item.ID);
      patch((data) => ({
        ...data,
        // The server clears the default page that named the item; the cache says the same.
        DefaultPage: data.DefaultPage === item.ID ? "0".repeat(24) : data.DefaultPage,
        Navigation: data.Navigation.filter((i) => i.ID !== item.ID),
      }));
    },
    [eventId, patch],
  );

  /** Drops an item the server no longer has (a 404 on delete). */
  const forget = useCallback(
    (item: NavItem) => patch((data) => ({ ...data, Navigation: data.Navigation.filter((i) => i.ID !== item.ID) })),
    [patch],
  );

  const setDefault = useCallback(
    async (itemId: string) => {
      const event = await putDefaultPage(eventId, itemId);
      patch((data) => ({ ...data, DefaultPage: event.DefaultPage ?? itemId }));
      // The answer is the whole event: the settings and the layout show it from this cache.
      client.setQueryData(eventKeys.detail(eventId), (old: ManagedEvent | undefined) => (old ? { ...old, ...event } : old));
    },
    [client, eventId, patch],
  );

  /**
   * New Index values, one PUT per item, one after the other. The lists show the new order at
   * once; an item that could not be saved gets its old Index back in the cache, and then the
   * menu is read again, since only the server knows for sure what it stored.
   */
  const reorder = useCallback(
    async (changes: readonly IndexChange[]): Promise<ReorderResult> => {
      replace(changes.map(({ item, index }) => ({ ...item, Index: index })));
      const result: ReorderResult = { saved: [], failed: [], reread: true };
      for (const { item, index } of changes) {
        try {
          result.saved.push(answered(await updateMenuItem(eventId, item.ID, itemBody(item, { Index: index })), { ...item, Index: index }));
        } catch (error) {
          result.failed.push({ item, error });
        }
      }
      replace([...result.saved, ...result.failed.map((f) => f.item)]);
      if (result.failed.length > 0) {
        const key = navigationKeys.menu(eventId);
        await client.invalidateQueries({ queryKey: key, exact: true });
        result.reread = client.getQueryState(key)?.status === "success";
      }
      return result;
    },
    [client, eventId, replace],
  );

  return { create, update, remove, forget, setDefault, reorder };
}
