/**
 * The treasure hunt's calls (docs/subsystems/treasurehunt.md for the server's rules, web-
 * treasurehunt.md for the screens). One module serves the venue (items to find, the
 * leaderboard) and the console (the item editor, the organizers' board): `request` sends the
 * token of the app it runs in. Answers are typed, not re-checked: they come from our own server;
 * the ranking frame that updates the board is checked by lib/realtime.
 */
import { useMemo } from "react";
import { request } from "@/lib/api-client";
import type { TreasureRanking } from "@/lib/realtime";

/** A hunt of the event: its TreasureHuntID or one of its TreasureHunt activities. */
export interface Hunt {
  ID: string;
  Title: string;
  /** The hunt whose score is the attendee's `Var_User_Game_01`. */
  IsMain: boolean;
  /** Finds are credited only now (between DateBegin and DateEnd when they are set). */
  IsOpen: boolean;
  DateBegin: string | null;
  DateEnd: string | null;
  ItemCount: number;
  MyScore: number;
  MyFound: number;
}

/** An item hidden at a direction of a tour node. */
export interface HuntItem {
  ID: string;
  HuntID: string;
  NodeID: string;
  Yaw: number;
  Pitch: number;
  Name: string;
  Clue: string;
  Points: number;
  Sort: number;
  /** Whether the caller found it. */
  Found: boolean;
  /** How many people found it: organizers only (null for attendees). */
  FoundCount?: number | null;
}

/** What an organizer writes for an item. */
export interface ItemBody {
  NodeID: string;
  Yaw: number;
  Pitch: number;
  Name: string;
  Clue: string;
  Points: number;
}

/** The answer to a find: the item's points, the caller's new score, finds and rank. */
export interface FindResult {
  ItemID: string;
  Points: number;
  Score: number;
  Found: number;
  Rank: number;
}

/** The caller's standing in one hunt. */
export interface MyHunt {
  HuntID: string;
  Score: number;
  Found: number;
  /** Null while the score is 0: nobody is ranked before finding something. */
  Rank: number | null;
  Hidden: boolean;
  ItemCount: number;
  FoundItemIDs: string[];
}

/**
 * A row of the board: the shape REST answers and frame 44 carries (lib/realtime's checker). A
 * hidden row has FullName and PictureURL "" for everyone but its person and the organizers.
 */
export type Ranking = TreasureRanking;

/** Rows the venue's board shows: the frame's `Top` has as many. */
export const TOP = 10;
/** Rows the console's board shows before "Export CSV" is the way to see them all. */
export const CONSOLE_BOARD = 50;

const enc = encodeURIComponent;
const hunts = (eventID: string) => `/events/${enc(eventID)}/treasure-hunts`;
const hunt = (eventID: string, huntID: string) => `${hunts(eventID)}/${enc(huntID)}`;
const item = (eventID: string, huntID: string, itemID: string) => `${hunt(eventID, huntID)}/items/${enc(itemID)}`;

/** The CSV export's path (organizers; real names even when hidden: prizes are given by them). */
export const rankingsCsvPath = (eventID: string, huntID: string) => `${hunt(eventID, huntID)}/rankings.csv`;

/**
 * Query keys. `root` is `["treasurehunt"]` in the venue and `["manage", "treasurehunt"]` in the
 * console, where every key starts with "manage" so that a logout drops them all.
 */
export function huntKeys(root: readonly string[], eventID: string) {
  const all = [...root, eventID] as const;
  return {
    all,
    hunts: [...all, "hunts"] as const,
    items: (huntID: string) => [...all, "items", huntID] as const,
    me: (huntID: string) => [...all, "me", huntID] as const,
    board: (huntID: string) => [...all, "board", huntID] as const,
  };
}
export type HuntKeys = ReturnType<typeof huntKeys>;

/** The keys as one object per event and app, so hooks depending on them do not re-run. */
export function useHuntKeys(app: "venue" | "console", eventID: string): HuntKeys {
  return useMemo(() => huntKeys(app === "console" ? ["manage", "treasurehunt"] : ["treasurehunt"], eventID), [app, eventID]);
}

export function listHunts(eventID: string, signal?: AbortSignal): Promise<Hunt[]> {
  return request<Hunt[]>(hunts(eventID), { signal });
}

export function listItems(eventID: string, huntID: string, signal?: AbortSignal): Promise<HuntItem[]> {
  return request<HuntItem[]>(`${hunt(eventID, huntID)}/items`, { signal });
}

export function createItem(eventID: string, huntID: string, body: ItemBody): Promise<HuntItem> {
  return request<HuntItem>(`${hunt(eventID, huntID)}/items`, { method: "POST", body });
}

export function updateItem(eventID: string, huntID: string, itemID: string, body: ItemBody): Promise<HuntItem> {
  return request<HuntItem>(item(eventID, huntID, itemID), { method: "PUT", body });
}

export function deleteItem(eventID: string, huntID: string, itemID: string): Promise<undefined> {
  return request<undefined>(item(eventID, huntID, itemID), { method: "DELETE" });
}

export function findItem(eventID: string, huntID: string, itemID: string): Promise<FindResult> {
  return request<FindResult>(`${item(eventID, huntID, itemID)}/find`, { method: "POST" });
}

export function getMe(eventID: string, huntID: string, signal?: AbortSignal): Promise<MyHunt> {
  return request<MyHunt>(`${hunt(eventID, huntID)}/me`, { signal });
}

export function setHidden(eventID: string, huntID: string, hidden: boolean): Promise<MyHunt> {
  return request<MyHunt>(`${hunt(eventID, huntID)}/me`, { method: "PUT", body: { Hidden: hidden } });
}

/** The first `limit` rows of the board (the server's paging; the venue never pages on). */
export function getRankings(eventID: string, huntID: string, limit: number, signal?: AbortSignal): Promise<Ranking[]> {
  return request<Ranking[]>(`${hunt(eventID, huntID)}/rankings`, { query: { Limit: limit }, signal });
}
