/**
 * The Pages screen's calls (events.md, "Event pages"). There is no admin read of the pages: the
 * screen reads them as attendees get them, from `GET /events/{EventID}/public` (an event admin may
 * call it), which also carries what the web elements show (`PanoURL`, `PanoCustomVars`, the
 * variables). Writes:
 *
 * - `PUT /events/{EventID}/faq|landing`: multipart; every field is sent (a field left out is
 *   reset to empty), the image only when one was chosen (without it the stored image stays).
 * - `PUT /events/{EventID}/photobooth`: JSON; `APIKey` left out keeps the stored key, and the
 *   answer never carries it (`HasAPIKey` says whether one is stored).
 * - `POST /events/{EventID}/webelement-image/{WebElementKey}`: multipart field `file`; the server
 *   points `PanoCustomVars.WebElements[key]` at the stored image.
 *
 * Uploads go through `sendForm` (XMLHttpRequest, for upload progress). The web elements are listed
 * from the venue's tour (`{PanoURL}tour.json`, docs/formats/tour-package.md).
 */
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { request, sendForm, type UploadProgress } from "@/lib/api-client";
import type { PageKind, PhotoboothBody } from "./pages-schema";

export interface StoredImage {
  url: string;
  hash: string;
}

/** FAQ (with `IsSidebar`) and landing page, as `/public` and the PUT answer them. */
export interface PageContent {
  Title: string;
  Content: string;
  ImageURL: string;
  ImageHeight: string;
  Image: StoredImage | null;
  IsSidebar?: boolean;
  UpdatedAt: string;
}

export interface PhotoboothSettings {
  Slug: string;
  Domain: string;
  GalleryDisplayMode: string;
  GalleryQRCodeShow: boolean;
  PanoID: string;
  OnClickOpenPopup: boolean;
  OnClickGoToPanorama: boolean;
  ExpectPostMessage: boolean;
  PostMessageText: string;
  PostMessageDomain: string;
  HasAPIKey: boolean;
  UpdatedAt: string;
}

/** The parts of `GET /events/{EventID}/public` this screen reads; null = not configured. */
export interface PagesEvent {
  EventID: string;
  PanoURL?: string;
  PanoEventVars?: Record<string, unknown>;
  PanoEventModulesVars?: Record<string, unknown>;
  PanoCustomVars?: Record<string, unknown>;
  FAQ: PageContent | null;
  Landing: PageContent | null;
  Photobooth: PhotoboothSettings | null;
}

export interface WebElementImageAnswer {
  WebElementKey: string;
  url: string;
  hash: string;
}

const id = encodeURIComponent;

export const pagesKeys = {
  event: (eventId: string) => ["manage", "events", eventId, "public"] as const,
  tour: (panoURL: string) => ["manage", "tour", panoURL] as const,
};

export const pagesEventQuery = (eventId: string) =>
  queryOptions({
    queryKey: pagesKeys.event(eventId),
    queryFn: async ({ signal }) => {
      const event = await request<Partial<PagesEvent>>(`/events/${id(eventId)}/public`, { signal });
      return { ...event, FAQ: event.FAQ ?? null, Landing: event.Landing ?? null, Photobooth: event.Photobooth ?? null } as PagesEvent;
    },
  });

export function usePagesEvent(eventId: string) {
  return useQuery(pagesEventQuery(eventId));
}

export interface SendOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

export function putPage(eventId: string, kind: PageKind, form: FormData, options: SendOptions = {}): Promise<PageContent> {
  return sendForm<PageContent>(`/events/${id(eventId)}/${kind}`, form, { method: "PUT", ...options });
}

export function putPhotobooth(eventId: string, body: PhotoboothBody): Promise<PhotoboothSettings> {
  return request<PhotoboothSettings>(`/events/${id(eventId)}/photobooth`, { method: "PUT", body });
}

export function uploadWebElementImage(eventId: string, key: string, file: File, options: SendOptions = {}): Promise<WebElementImageAnswer> {
  const form = new FormData();
  form.set("file", file, file.name);
  return sendForm<WebElementImageAnswer>(`/events/${id(eventId)}/webelement-image/${id(key)}`, form, options);
}

export function removeWebElementImage(eventId: string, key: string): Promise<undefined> {
  return request<undefined>(`/events/${id(eventId)}/webelement-image/${id(key)}`, { method: "DELETE" });
}

/**
 * Writes that keep the cached `/public` view in step with the server's answers, so the screen
 * shows what attendees get without reading it again.
 */
export function usePagesWrites(eventId: string) {
  const client = useQueryClient();
  const patch = useCallback(
    (change: (event: PagesEvent) => PagesEvent) => {
      client.setQueryData<PagesEvent>(pagesKeys.event(eventId), (old) => (old ? change(old) : old));
    },
    [client, eventId],
  );

  const savePage = useCallback(
    async (kind: PageKind, form: FormData, options?: SendOptions) => {
      const page = await putPage(eventId, kind, form, options);
      patch((event) => (kind === "faq" ? { ...event, FAQ: page } : { ...event, Landing: page }));
      return page;
    },
    [eventId, patch],
  );

  const savePhotobooth = useCallback(
    async (body: PhotoboothBody) => {
      const booth = await putPhotobooth(eventId, body);
      patch((event) => ({ ...event, Photobooth: booth }));
      return booth;
    },
    [eventId, patch],
  );

  const uploadImage = useCallback(
    async (webElementKey: string, file: File, options?: SendOptions) => {
      const answer = await uploadWebElementImage(eventId, webElementKey, file, options);
      patch((event) => {
        const custom = { ...(event.PanoCustomVars ?? {}) };
        const elements = custom.WebElements;
        custom.WebElements = {
          ...(typeof elements === "object" && elements !== null && !Array.isArray(elements) ? elements : {}),
          [answer.WebElementKey]: { Type: "image", Value: answer.url },
        };
        return { ...event, PanoCustomVars: custom };
      });
      return answer;
    },
    [eventId, patch],
  );

  const removeImage = useCallback(
    async (webElementKey: string) => {
      await removeWebElementImage(eventId, webElementKey);
      patch((event) => {
        const custom = { ...(event.PanoCustomVars ?? {}) };
        const elements = custom.WebElements;
        if (typeof elements === "object" && elements !== null && !Array.isArray(elements)) {
          custom.WebElements = Object.fromEntries(Object.entries(elements).filter(([key]) => key !== webElementKey));
        }
        return { ...event, PanoCustomVars: custom };
      });
    },
    [eventId, patch],
  );

  return { savePage, savePhotobooth, uploadImage, removeImage };
}

// ---------------------------------------------------------------------------------------------
// The venue's web elements

/** An image web element of the tour: its key, the rooms showing it, its default image. */
export interface TourImageElement {
  key: string;
  /** Node names (English, else the id) of the rooms that show it. */
  rooms: string[];
  /** The tour's own image, a path under the PanoURL, or "". */
  defaultValue: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** The image web elements of a `tour.json`, by key in tour order; link elements are left out. */
export function tourImageElements(raw: unknown): TourImageElement[] {
  const byKey = new Map<string, TourImageElement>();
  const nodes = isObject(raw) && Array.isArray(raw.Nodes) ? raw.Nodes.filter(isObject) : [];
  for (const node of nodes) {
    const nodeId = typeof node.ID === "string" ? node.ID : "";
    const names = isObject(node.Name) ? node.Name : {};
    const room = typeof names.en === "string" && names.en !== "" ? names.en : nodeId;
    const elements = Array.isArray(node.WebElements) ? node.WebElements.filter(isObject) : [];
    for (const element of elements) {
      if (element.Type !== "image" || typeof element.ID !== "string" || element.ID === "") continue;
      const entry = byKey.get(element.ID) ?? { key: element.ID, rooms: [], defaultValue: "" };
      if (room && !entry.rooms.includes(room)) entry.rooms.push(room);
      if (!entry.defaultValue && typeof element.Default === "string") entry.defaultValue = element.Default;
      byKey.set(element.ID, entry);
    }
  }
  return [...byKey.values()];
}

const join = (base: string, file: string) => `${base.endsWith("/") ? base : `${base}/`}${file}`;

export async function loadTourImageElements(panoURL: string, signal?: AbortSignal): Promise<TourImageElement[]> {
  const response = await fetch(join(panoURL, "tour.json"), { headers: { Accept: "application/json" }, ...(signal ? { signal } : {}) });
  if (!response.ok) throw new Error(`tour.json: HTTP ${response.status}`);
  return tourImageElements(await response.json());
}

/** Files under a PanoURL never change (a new tour version gets a new URL): read once. */
export function useTourImageElements(panoURL: string) {
  return useQuery({
    queryKey: pagesKeys.tour(panoURL),
    queryFn: ({ signal }) => loadTourImageElements(panoURL, signal),
    enabled: panoURL !== "",
    staleTime: Infinity,
  });
}

/** Where an image value points: absolute URLs and server paths as they are, tour paths under the PanoURL. */
export function imageSource(panoURL: string, value: string): string {
  if (/^https?:\/\//i.test(value) || value.startsWith("/")) return value;
  return panoURL ? join(panoURL, value) : value;
}
