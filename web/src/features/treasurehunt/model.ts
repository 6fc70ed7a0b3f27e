/**
 * The treasure hunt's pure rules on the client: which hunt a board shows, a found item, the
 * board kept in step with REST reads and ranking frames (never going back to an older frame),
 * and where the caller's own row goes when it is not in the top.
 */
import type { TreasureRankingNotice } from "@/lib/realtime";
import type { FindResult, Hunt, HuntItem, MyHunt, Ranking } from "./api";

/** The board of one hunt as shown: its rows, and the Version of the newest frame applied. */
export interface Board {
  rows: Ranking[];
  version: number;
}

/** What a ranking frame (opcode 44) brings for a board. */
export type BoardFrame = Pick<TreasureRankingNotice, "Top" | "Version">;

/**
 * Whether finds count at `now`: between DateBegin and DateEnd when they are set (so markers come
 * and go with the schedule without asking the server again), else as the server said.
 */
export function isOpenAt(hunt: Hunt, now: number): boolean {
  if (hunt.DateBegin === null && hunt.DateEnd === null) return hunt.IsOpen;
  if (hunt.DateBegin !== null && now < Date.parse(hunt.DateBegin)) return false;
  return hunt.DateEnd === null || now < Date.parse(hunt.DateEnd);
}

/** The hunt a board shows: the one chosen while it exists, else the main hunt, else the first. */
export function pickHunt(hunts: readonly Hunt[], chosen: string | null): Hunt | null {
  return hunts.find((h) => h.ID === chosen) ?? hunts.find((h) => h.IsMain) ?? hunts[0] ?? null;
}

/**
 * A REST read replaces the rows but keeps the newest Version seen: it is at least as new as the
 * frames before it, and a frame delayed on another server process must still lose against them.
 */
export function boardFromRest(previous: Board | undefined, rows: Ranking[]): Board {
  return { rows, version: previous?.version ?? 0 };
}

/** A frame wins only when it is newer than the newest applied (frames of several processes cross). */
export function boardFromFrame(previous: Board | undefined, frame: BoardFrame): Board | undefined {
  if (previous && frame.Version <= previous.version) return undefined;
  return { rows: frame.Top, version: frame.Version };
}

/** The caller's row to pin under the top: ranked, but not among the rows shown. */
export function pinnedRank(rows: readonly Ranking[], me: MyHunt | undefined, personID: string): { rank: number; score: number } | null {
  if (!me || me.Rank === null) return null;
  if (rows.some((row) => row.PersonID === personID)) return null;
  return { rank: me.Rank, score: me.Score };
}

/** The items with one of them marked found. */
export function markFound(items: readonly HuntItem[], itemID: string): HuntItem[] {
  return items.map((item) => (item.ID === itemID && !item.Found ? { ...item, Found: true } : item));
}

/** The caller's standing after a find the server credited. */
export function meAfterFind(me: MyHunt, result: FindResult): MyHunt {
  const ids = me.FoundItemIDs.includes(result.ItemID) ? me.FoundItemIDs : [...me.FoundItemIDs, result.ItemID];
  return { ...me, Score: result.Score, Found: result.Found, Rank: result.Rank, FoundItemIDs: ids };
}

/** A hunt in the list after a find (the header's "found N of M" reads it). */
export function huntAfterFind(hunt: Hunt, huntID: string, result: FindResult): Hunt {
  return hunt.ID === huntID ? { ...hunt, MyScore: result.Score, MyFound: result.Found } : hunt;
}

/**
 * A picture the board may show: an http(s) address or a path on this site (a stored file).
 * Anything else (`javascript:`, `data:`) is left out and the initials are shown instead.
 */
export function safePicture(url: string): string | null {
  return /^https?:\/\//i.test(url) || /^\/[^/]/.test(url) ? url : null;
}

/** Up to two initials of a name, for a row without a picture. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => Array.from(part)[0]?.toUpperCase() ?? "")
    .join("");
}
