/**
 * The Venue screen's calls (docs/subsystems/panoramas.md). Tours ("panos") belong to the event's
 * customer, so the screen reads the event first (`GET /events/{EventID}`: `CustomerID`, and the
 * version it uses as `PanoID`/`PanoVersion`), then that customer's panos with their versions.
 *
 * - `POST /panos` creates a pano (a name); `POST /panos/{PanoID}/upload` sends a tour zip as its
 *   next version (multipart field `file`, through `sendForm` for upload progress).
 * - `GET /panos/{PanoID}/versions/{PanoVersion}/usage` says which events use a version;
 *   `DELETE` on the version is refused (409) while one does.
 * - `PUT /events/{EventID}` with `PanoID` + `PanoVersion` points the event at a version (the
 *   server sets `PanoURL`; every other field is left as it is because it is not sent).
 *
 * Writes keep the cached lists in step with the server's answers (`useTourWrites`), so nothing
 * shown is older than what the organizer just did.
 */
import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError, request, sendForm, type UploadProgress } from "@/lib/api-client";
import { loadTour } from "../tour-query";

/** The parts of `GET /events/{EventID}` this screen reads (the server sends more). */
export interface TourEvent {
  ID: string;
  CustomerID: string;
  Title: string;
  PanoURL?: string;
  /** Read by the server from PanoURL when it names a stored version, else null. */
  PanoID?: string | null;
  PanoVersion?: number | null;
}

export interface PanoVersion {
  PanoID: string;
  Version: number;
  PanoURL: string;
  Title: string;
  StartNodeID: string;
  NodeCount: number;
  SizeBytes: number;
  CreatedAt: string;
  /** Person id of the uploader; "" (or absent from an older server) when not recorded. */
  UploadedBy?: string;
  UploadedByName?: string;
}

export interface Pano {
  ID: string;
  CustomerID: string;
  Name: string;
  /** Every version, oldest first. */
  Versions: PanoVersion[];
}

export interface PanoUsage {
  EventID: string;
  InternalName: string;
  Title: string;
  PanoURL: string;
}

const id = encodeURIComponent;

export const toursKeys = {
  /** The same key (and call) as the event layout's, so both read one cached event. */
  event: (eventId: string) => ["manage", "events", eventId] as const,
  panos: (customerId: string) => ["manage", "tours", "panos", customerId] as const,
  usageOf: (panoId: string) => ["manage", "tours", "usage", panoId] as const,
  usage: (panoId: string, version: number) => ["manage", "tours", "usage", panoId, version] as const,
  // Not ["manage", "tour", …]: the Pages screen caches something else under that key.
  tour: (panoURL: string) => ["manage", "tours", "tour", panoURL] as const,
};

export const tourEventQuery = (eventId: string) =>
  queryOptions({
    queryKey: toursKeys.event(eventId),
    queryFn: ({ signal }) => request<TourEvent>(`/events/${id(eventId)}`, { signal }),
  });

export const panosQuery = (customerId: string) =>
  queryOptions({
    queryKey: toursKeys.panos(customerId),
    queryFn: ({ signal }) => request<Pano[]>("/panos", { query: { CustomerID: customerId }, signal }),
    enabled: customerId !== "",
    // An event admin's 403 is an answer, not a hiccup: the screen says so at once.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status === 403),
  });

export const usageQuery = (panoId: string, version: number) =>
  queryOptions({
    queryKey: toursKeys.usage(panoId, version),
    queryFn: ({ signal }) => request<PanoUsage[]>(`/panos/${id(panoId)}/versions/${version}/usage`, { signal }),
  });

/** A version's files never change (a new upload is a new version): read once. */
export const versionTourQuery = (panoURL: string) =>
  queryOptions({
    queryKey: toursKeys.tour(panoURL),
    queryFn: () => loadTour(panoURL),
    staleTime: Infinity,
  });

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

export function uploadTour(panoId: string, file: File, options: UploadOptions = {}): Promise<PanoVersion> {
  const form = new FormData();
  form.set("file", file, file.name);
  return sendForm<PanoVersion>(`/panos/${id(panoId)}/upload`, form, options);
}

/** The number the server will give the next upload: one past the highest (panoramas/router.py). */
export function nextVersion(pano: Pano): number {
  return Math.max(0, ...pano.Versions.map((v) => v.Version)) + 1;
}

export function useTourWrites(eventId: string, customerId: string) {
  const client = useQueryClient();
  const patchPanos = useCallback(
    (change: (panos: Pano[]) => Pano[]) => client.setQueryData<Pano[]>(toursKeys.panos(customerId), (old) => (old ? change(old) : old)),
    [client, customerId],
  );

  const createPano = useCallback(
    async (name: string) => {
      const pano = await request<Pano>("/panos", { method: "POST", body: { CustomerID: customerId, Name: name } });
      patchPanos((panos) => [...panos, { ...pano, Versions: pano.Versions ?? [] }]);
      return pano;
    },
    [customerId, patchPanos],
  );

  const addVersion = useCallback(
    (version: PanoVersion) =>
      patchPanos((panos) =>
        panos.map((p) =>
          p.ID !== version.PanoID || p.Versions.some((v) => v.Version === version.Version) ? p : { ...p, Versions: [...p.Versions, version] },
        ),
      ),
    [patchPanos],
  );

  /** After an upload whose answer never came: the server may have stored it all the same. */
  const refreshPanos = useCallback(() => client.invalidateQueries({ queryKey: toursKeys.panos(customerId) }), [client, customerId]);

  const deleteVersion = useCallback(
    async (panoId: string, version: number) => {
      await request<unknown>(`/panos/${id(panoId)}/versions/${version}`, { method: "DELETE" });
      patchPanos((panos) => panos.map((p) => (p.ID === panoId ? { ...p, Versions: p.Versions.filter((v) => v.Version !== version) } : p)));
      client.removeQueries({ queryKey: toursKeys.usage(panoId, version) });
    },
    [client, patchPanos],
  );

  const chooseForEvent = useCallback(
    async (panoId: string, version: number) => {
      const before = client.getQueryData<TourEvent>(toursKeys.event(eventId));
      const event = await request<TourEvent>(`/events/${id(eventId)}`, { method: "PUT", body: { PanoID: panoId, PanoVersion: version } });
      client.setQueryData(toursKeys.event(eventId), event);
      // Two usages changed: the version this event left and the one it uses now.
      const touched = new Set([panoId, before?.PanoID ?? ""].filter(Boolean));
      for (const pano of touched) void client.invalidateQueries({ queryKey: toursKeys.usageOf(pano) });
      return event;
    },
    [client, eventId],
  );

  return { createPano, addVersion, refreshPanos, deleteVersion, chooseForEvent };
}

export type TourWrites = ReturnType<typeof useTourWrites>;
