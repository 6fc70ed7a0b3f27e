/**
 * The screens a session can play on: the `Screens[]` of the nodes of the event's tour
 * (`{PanoURL}tour.json`, docs/formats/tour-package.md). A session names a screen by its
 * `ScreenID` alone and plays on every room showing that screen (the attendee app's
 * `activeOnScreen`), so a screen used in two rooms is one choice naming both rooms.
 *
 * Read here rather than through the venue's parser: the organizer needs only ids and room names,
 * and the console chunk should not carry the attendee venue's code.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { scheduleKeys } from "./api";

export interface ScreenChoice {
  screenID: string;
  /** The first room showing it: the session's `PanoNodeID` (where the agenda sends attendees). */
  nodeID: string;
  /** Every room showing it, by name, in tour order. */
  rooms: string[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** A room's name in `language`, else in English, else any, else its id. */
function roomName(node: Json, language: string): string {
  const names = isObject(node.Name) ? node.Name : {};
  const pick = [names[language], names.en, ...Object.values(names)].find((v) => typeof v === "string" && v.trim() !== "");
  return typeof pick === "string" ? pick : text(node.ID);
}

/** The tour's screens in tour order; anything unreadable is left out. */
export function tourScreens(raw: unknown, language: string): ScreenChoice[] {
  const nodes = isObject(raw) && Array.isArray(raw.Nodes) ? raw.Nodes.filter(isObject) : [];
  const byId = new Map<string, ScreenChoice>();
  for (const node of nodes) {
    const nodeID = text(node.ID);
    if (!nodeID) continue;
    const screens = Array.isArray(node.Screens) ? node.Screens.filter(isObject) : [];
    for (const screen of screens) {
      const screenID = text(screen.ScreenID);
      if (!screenID) continue;
      const known = byId.get(screenID);
      const name = roomName(node, language);
      if (!known) byId.set(screenID, { screenID, nodeID, rooms: [name] });
      else if (!known.rooms.includes(name)) known.rooms.push(name);
    }
  }
  return [...byId.values()];
}

/** How a screen reads in a select: "Auditorium — stage-1". */
export function screenLabel(choice: ScreenChoice): string {
  return `${choice.rooms.join(", ")} — ${choice.screenID}`;
}

const join = (base: string, file: string) => `${base.endsWith("/") ? base : `${base}/`}${file}`;

/** Files under a PanoURL never change (a new version gets a new URL): read once per URL. */
const tourQuery = (panoURL: string) =>
  queryOptions({
    queryKey: scheduleKeys.screens(panoURL),
    queryFn: async ({ signal }) => {
      const response = await fetch(join(panoURL, "tour.json"), { headers: { Accept: "application/json" }, signal });
      if (!response.ok) throw new Error(`tour.json: HTTP ${response.status}`);
      return (await response.json()) as unknown;
    },
    staleTime: Infinity,
  });

export type ScreensState =
  | { status: "none" }
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; screens: ScreenChoice[] };

/** The screens of the event's tour; "none" when the event has no tour. */
export function useTourScreens(panoURL: string | undefined, language: string): ScreensState {
  const query = useQuery({ ...tourQuery(panoURL ?? ""), enabled: Boolean(panoURL) });
  const screens = useMemo(() => (query.data === undefined ? null : tourScreens(query.data, language)), [query.data, language]);
  if (!panoURL) return { status: "none" };
  if (screens) return { status: "ready", screens };
  return { status: query.isError ? "failed" : "loading" };
}
