/**
 * The rooms (nodes) of the event's tour, for binding a poll to a room: `{PanoURL}tour.json`
 * (docs/formats/tour-package.md), as the Navigation and Schedule sections read it. Read here
 * rather than through their modules (features import each other only through an index, and theirs
 * are the attendee app's), and only ids and names are needed.
 */
import { useQuery } from "@tanstack/react-query";
import { pollsKeys } from "./api";

export interface TourRoom {
  id: string;
  /** Names by language code. */
  name: Partial<Record<string, string>>;
}

export type RoomsState = { status: "none" | "loading" | "failed"; rooms: [] } | { status: "ready"; rooms: TourRoom[] };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** The tour's rooms in tour order; nodes without an id are left out. */
export function tourRooms(raw: unknown): TourRoom[] {
  const nodes = isObject(raw) && Array.isArray(raw.Nodes) ? raw.Nodes.filter(isObject) : [];
  const seen = new Set<string>();
  const rooms: TourRoom[] = [];
  for (const node of nodes) {
    const nodeId = typeof node.ID === "string" ? node.ID : "";
    if (!nodeId || seen.has(nodeId)) continue;
    seen.add(nodeId);
    const names = isObject(node.Name) ? Object.fromEntries(Object.entries(node.Name).filter((e): e is [string, string] => typeof e[1] === "string")) : {};
    rooms.push({ id: nodeId, name: names });
  }
  return rooms;
}

/** A room's name in `language`, else English, else its id. */
export function roomName(room: TourRoom, language: string): string {
  return room.name[language] || room.name.en || room.id;
}

const join = (base: string, file: string) => `${base.endsWith("/") ? base : `${base}/`}${file}`;

/** Files under a PanoURL never change (a new version gets a new URL): read once per URL. */
export function useTourRooms(panoURL: string | undefined): RoomsState {
  const url = panoURL ?? "";
  const query = useQuery({
    queryKey: pollsKeys.rooms(url),
    queryFn: async ({ signal }) => {
      const response = await fetch(join(url, "tour.json"), { headers: { Accept: "application/json" }, signal });
      if (!response.ok) throw new Error(`tour.json: HTTP ${response.status}`);
      return tourRooms(await response.json());
    },
    enabled: url !== "",
    staleTime: Infinity,
  });
  if (url === "") return { status: "none", rooms: [] };
  if (query.data) return { status: "ready", rooms: query.data };
  return { status: query.isError ? "failed" : "loading", rooms: [] };
}
