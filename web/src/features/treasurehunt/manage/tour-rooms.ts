/**
 * The rooms (nodes) of the event's tour for the item editor's picker and the items table: ids and
 * names from `{PanoURL}tour.json` (docs/formats/tour-package.md). Read here rather than through
 * the venue's parser so the section's own chunk does not carry the attendee venue; the preview,
 * a lazy chunk, uses the venue's parser and viewer.
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";

export interface TourRoom {
  id: string;
  name: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
/** The tour format's node ids (the venue's parser leaves other nodes out, so items cannot be placed there). */
const NODE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A room's name in `language`, else in English, else any, else its id. */
function roomName(node: Json, id: string, language: string): string {
  const names = isObject(node.Name) ? node.Name : {};
  const pick = [names[language], names.en, ...Object.values(names)].find((v) => typeof v === "string" && v.trim() !== "");
  return typeof pick === "string" ? pick : id;
}

/** The tour's rooms in tour order; anything unreadable (or a repeated id) is left out. */
export function tourRooms(raw: unknown, language: string): TourRoom[] {
  const nodes = isObject(raw) && Array.isArray(raw.Nodes) ? raw.Nodes.filter(isObject) : [];
  const rooms = new Map<string, TourRoom>();
  for (const node of nodes) {
    const id = typeof node.ID === "string" ? node.ID : "";
    if (NODE_ID.test(id) && !rooms.has(id)) rooms.set(id, { id, name: roomName(node, id, language) });
  }
  return [...rooms.values()];
}

const join = (base: string, file: string) => `${base.endsWith("/") ? base : `${base}/`}${file}`;

export type RoomsState = { status: "none" } | { status: "loading" } | { status: "failed" } | { status: "ready"; rooms: TourRoom[] };

/** The rooms of the tour at `panoURL`; "none" when the event has no tour. Files under a PanoURL never change. */
export function useTourRooms(panoURL: string | undefined, language: string): RoomsState {
  const query = useQuery({
    queryKey: ["manage", "treasurehunt", "tour", panoURL ?? ""],
    queryFn: async ({ signal }) => {
      const response = await fetch(join(panoURL ?? "", "tour.json"), { headers: { Accept: "application/json" }, signal });
      if (!response.ok) throw new Error(`tour.json: HTTP ${response.status}`);
      return (await response.json()) as unknown;
    },
    enabled: Boolean(panoURL),
    staleTime: Infinity,
  });
  const rooms = useMemo(() => (query.data === undefined ? null : tourRooms(query.data, language)), [query.data, language]);
  if (!panoURL) return { status: "none" };
  if (rooms) return { status: "ready", rooms };
  return { status: query.isError ? "failed" : "loading" };
}
