/**
 * The order of a menu and how a move is written. The attendee app shows a position's visible
 * items by `Index` descending (attendee-app.md §9, features/venue/menu.ts) and the server answers
 * equal Index values by item ID; the editor lists hidden items too, in that same order, so what
 * the organizer arranges is what attendees see.
 *
 * A move writes as few items as it can: the moved item alone gets a value between its new
 * neighbours when there is room (a gap of at least 2, or any place at either end); otherwise the
 * whole list is numbered again from the top in steps of 10 (n×10 … 10), and only the items
 * whose value changed are written.
 */
import type { NavItem } from "./navigation-api";

export type MenuPosition = "Top" | "Bottom";
export const POSITIONS: readonly MenuPosition[] = ["Top", "Bottom"];

/** The server's bounds for Index (events/menu.py). */
export const INDEX_MIN = -1_000_000;
export const INDEX_MAX = 1_000_000;
export const INDEX_STEP = 10;

/** Attendees' order: Index descending, equal values by ID (24 lower-case hex, as the server sorts). */
export function compareItems(a: NavItem, b: NavItem): number {
  return b.Index - a.Index || (a.ID < b.ID ? -1 : a.ID > b.ID ? 1 : 0);
}

/** One position's items, hidden ones included, in attendees' order. */
export function menuOf(items: readonly NavItem[], position: MenuPosition): NavItem[] {
  return items.filter((item) => item.Position === position).sort(compareItems);
}

/** The button's label as attendees see it: Names[lang], NameDE for German, Name, English. */
export function itemName(item: NavItem, language: string): string {
  const names = item.Names;
  return (names[language] || (language === "de" ? item.NameDE : "") || item.Name || names.en || "").trim();
}

export interface IndexPlan {
  /** The list in its new order. */
  order: NavItem[];
  /** The items whose Index changes, with the new value. */
  changes: { item: NavItem; index: number }[];
}

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** Index for the moved item alone, strictly between its neighbours and within bounds, or null. */
function between(above: NavItem | undefined, below: NavItem | undefined): number | null {
  if (above && below) {
    return above.Index - below.Index >= 2 ? below.Index + Math.floor((above.Index - below.Index) / 2) : null;
  }
  if (below) return below.Index + INDEX_STEP <= INDEX_MAX ? below.Index + INDEX_STEP : null;
  if (above) return above.Index - INDEX_STEP >= INDEX_MIN ? above.Index - INDEX_STEP : null;
  return null;
}

/** What moving the item at `from` to `to` (indices into `list`, attendees' order) writes. */
export function planMove(list: readonly NavItem[], from: number, to: number): IndexPlan {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return { order: [...list], changes: [] };
  const order = moved(list, from, to);
  const item = order[to] as NavItem;
  const single = between(order[to - 1], order[to + 1]);
  if (single !== null) return { order, changes: single === item.Index ? [] : [{ item, index: single }] };
  const changes = order.flatMap((entry, place) => {
    const index = (order.length - place) * INDEX_STEP;
    return index === entry.Index ? [] : [{ item: entry, index }];
  });
  return { order, changes };
}

/**
 * Index for an item put last in a menu (a new item, or one moved to the other menu): below the
 * last one. Equal to it only at the lower bound, where the later (greater) ID still sorts after.
 */
export function lastIndex(list: readonly NavItem[]): number {
  if (list.length === 0) return 0;
  const lowest = Math.min(...list.map((item) => item.Index));
  return Math.max(INDEX_MIN, lowest - INDEX_STEP);
}
