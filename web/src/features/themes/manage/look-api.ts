/**
 * The Look screen's calls (docs/subsystems/themes.md). Reads: the event's own level and what
 * attendees get (`GET /events/{EventID}/theme`), the known keys with their built-in values
 * (`GET /events/themes/json-schemas`), the effective default (`GET /events/themes/default`), the
 * global theme the event was based on (`GET /events/themes/{ThemeID}`), the customer's global
 * themes and the event itself (for its customer). Every write answers the event's level as stored,
 * which replaces the cached one, so the screen shows the server's word without reading again.
 */
import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError, request, sendForm, type UploadProgress } from "@/lib/api-client";
import type { StyleMap } from "../theme";

export type SubTheme = "MainTheme" | "HeaderTheme" | "ChatTheme";
export const SUB_THEMES: readonly SubTheme[] = ["MainTheme", "HeaderTheme", "ChatTheme"];
/** What `PUT …/theme/{ThemeComponent}/reset` clears. */
export type ThemeComponent = SubTheme | "FontAssets" | "MediaAssets" | "All";

export interface FileRef {
  url: string;
  hash: string;
}

/** `ThemeOut`: one level as stored, only what was set there. */
export interface ThemeLevel {
  ThemeID: string;
  Level: string;
  Name: string;
  CustomerID: string | null;
  EventID: string | null;
  BaseThemeID: string | null;
  MainTheme: StyleMap;
  HeaderTheme: StyleMap;
  ChatTheme: StyleMap;
  FontAssets: Record<string, FileRef[]>;
  MediaAssets: Record<string, FileRef>;
  /** Stored as a MainTheme key, answered apart. */
  login_box_x_offset: string | null;
  UpdatedAt: string | null;
}

export interface EventThemeAnswer {
  /** Null until something was set at the event level. */
  Theme: ThemeLevel | null;
}

/** The part of `GET /events/themes/json-schemas` the screen reads. */
export interface ThemeSchemas {
  MainTheme: { properties?: Record<string, unknown> };
  HeaderTheme: { properties?: Record<string, unknown> };
  ChatTheme: { properties?: Record<string, unknown> };
  FontGroups: string[];
}

export interface LookEvent {
  ID: string;
  CustomerID: string;
  Title: string;
}

const id = encodeURIComponent;

export const lookKeys = {
  all: ["manage", "themes"] as const,
  eventTheme: (eventId: string) => ["manage", "themes", "event", eventId] as const,
  schemas: ["manage", "themes", "json-schemas"] as const,
  defaultTheme: ["manage", "themes", "default"] as const,
  theme: (themeId: string) => ["manage", "themes", "theme", themeId] as const,
  globals: (customerId: string) => ["manage", "themes", "global", customerId] as const,
};

const isStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status;

/** Same key and URL as the other event screens, so switching sections asks nothing new. */
export const lookEventQuery = (eventId: string) =>
  queryOptions({
    queryKey: ["manage", "events", eventId] as const,
    queryFn: ({ signal }) => request<LookEvent>(`/events/${id(eventId)}`, { signal }),
  });

export const eventThemeQuery = (eventId: string) =>
  queryOptions({
    queryKey: lookKeys.eventTheme(eventId),
    queryFn: ({ signal }) => request<EventThemeAnswer>(`/events/${id(eventId)}/theme`, { signal }),
  });

/** The vocabulary changes only with the server: read once per console session. */
export const schemasQuery = () =>
  queryOptions({
    queryKey: lookKeys.schemas,
    queryFn: ({ signal }) => request<ThemeSchemas>("/events/themes/json-schemas", { signal }),
    staleTime: Infinity,
  });

export const defaultThemeQuery = () =>
  queryOptions({
    queryKey: lookKeys.defaultTheme,
    queryFn: ({ signal }) => request<ThemeLevel>("/events/themes/default", { signal }),
  });

/** The global theme an event is based on; null when it is gone or not visible (404). */
export const baseThemeQuery = (themeId: string) =>
  queryOptions({
    queryKey: lookKeys.theme(themeId),
    queryFn: async ({ signal }) => {
      try {
        return await request<ThemeLevel>(`/events/themes/${id(themeId)}`, { signal });
      } catch (error) {
        if (isStatus(error, 404)) return null;
        throw error;
      }
    },
  });

/**
 * The customer's global themes. `GET /events/themes/global/{CustomerID}` takes customer admin
 * rights; an event admin gets 403 there, and is then served by `GET /events/themes/global`, which
 * lists the themes of their events' customers.
 */
export const globalThemesQuery = (customerId: string) =>
  queryOptions({
    queryKey: lookKeys.globals(customerId),
    queryFn: async ({ signal }) => {
      try {
        return await request<ThemeLevel[]>(`/events/themes/global/${id(customerId)}`, { signal });
      } catch (error) {
        if (!isStatus(error, 403)) throw error;
        const visible = await request<ThemeLevel[]>("/events/themes/global", { signal });
        return visible.filter((theme) => theme.CustomerID === customerId);
      }
    },
  });

export interface SendOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** The writes of the Look screen; each answer becomes the cached event level. */
export function useLookWrites(eventId: string) {
  const client = useQueryClient();
  const base = `/events/${id(eventId)}`;
  const keep = useCallback(
    (theme: ThemeLevel) => {
      client.setQueryData<EventThemeAnswer>(lookKeys.eventTheme(eventId), (old) => ({ ...old, Theme: theme }));
      return theme;
    },
    [client, eventId],
  );

  const saveSubTheme = useCallback(
    async (sub: SubTheme, body: StyleMap) => keep(await request<ThemeLevel>(`${base}/theme/${sub}`, { method: "PUT", body })),
    [base, keep],
  );
  const reset = useCallback(
    async (component: ThemeComponent) => keep(await request<ThemeLevel>(`${base}/theme/${component}/reset`, { method: "PUT" })),
    [base, keep],
  );
  const applyGlobal = useCallback(
    async (themeId: string) => keep(await request<ThemeLevel>(`${base}/themes/${id(themeId)}/apply`, { method: "POST" })),
    [base, keep],
  );
  const uploadFont = useCallback(
    async (group: string, file: File, options: SendOptions = {}) => {
      const form = new FormData();
      form.set("file", file, file.name);
      return keep(await sendForm<ThemeLevel>(`${base}/themes/fonts/${id(group)}`, form, options));
    },
    [base, keep],
  );
  const removeFont = useCallback(
    async (group: string, hash: string) =>
      keep(await request<ThemeLevel>(`${base}/themes/fonts/${id(group)}/file-hash/${id(hash)}`, { method: "DELETE" })),
    [base, keep],
  );
  const reorderFonts = useCallback(
    async (group: string, hashes: string[]) =>
      keep(await request<ThemeLevel>(`${base}/themes/fonts/${id(group)}/re-order`, { method: "PUT", body: hashes })),
    [base, keep],
  );
  const uploadMedia = useCallback(
    async (name: string, file: File, options: SendOptions = {}) => {
      const form = new FormData();
      form.set("file", file, file.name);
      return keep(await sendForm<ThemeLevel>(`${base}/themes/media-assets/${id(name)}`, form, options));
    },
    [base, keep],
  );
  const removeMedia = useCallback(
    async (name: string) => keep(await request<ThemeLevel>(`${base}/themes/media-assets/${id(name)}`, { method: "DELETE" })),
    [base, keep],
  );

  return { saveSubTheme, reset, applyGlobal, uploadFont, removeFont, reorderFonts, uploadMedia, removeMedia };
}

export type LookWrites = ReturnType<typeof useLookWrites>;
