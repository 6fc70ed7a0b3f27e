/**
 * Variable rules of attendee-app.md §3, §5, §9 as pure functions: the event day, Marketplace
 * `Var_x_Screen_NN` variables that set web-element content, and the empty/default markers.
 */

export type VarMap = Record<string, string>;

/** Web element content set to this clears the element (shows nothing). */
export const EMPTY_MARKER = "[empty]";
/** Web element content set to this restores the tour's default (from pano.xml). */
export const DEFAULT_MARKER = "[default]";

export const DAY_BEFORE = 0;
export const DAY_AFTER = 999;

/** The calendar date (YYYY-MM-DD) of an instant in a time zone; UTC for an unknown zone. */
function localDate(instant: number, timeZone: string): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
      new Date(instant),
    );
  try {
    return format(timeZone || "UTC");
  } catch {
    return format("UTC");
  }
}

const DAY_MS = 86_400_000;

/**
 * Var_EventDay (§9): 1 on the event's first calendar day (in the event's time zone), counting up;
 * 0 before the begin, 999 after the end.
 */
export function eventDay(beginUTC: string, endUTC: string, now: number, timeZone = "UTC"): number {
  const begin = Date.parse(beginUTC);
  const end = Date.parse(endUTC);
  if (!Number.isFinite(begin) || !Number.isFinite(end)) return DAY_BEFORE;
  if (now < begin) return DAY_BEFORE;
  if (now >= end) return DAY_AFTER;
  const days = Math.round((Date.parse(localDate(now, timeZone)) - Date.parse(localDate(begin, timeZone))) / DAY_MS);
  return days + 1;
}

/**
 * The event variables the venue sees: the organizer's PanoEventVars with Var_EventDay computed
 * from the dates — unless the organizer pinned it to 0 or 999 (the "before" / "after" state,
 * e.g. to close the venue early), which is kept.
 */
export function withEventDay(vars: VarMap, computedDay: number): VarMap {
  const pinned = vars.Var_EventDay;
  if (pinned === String(DAY_BEFORE) || pinned === String(DAY_AFTER)) return { ...vars };
  return { ...vars, Var_EventDay: String(computedDay) };
}

/** Var_<anything>_Screen_NN → the web element id Screen_NN; null for other names. */
export function webElementOfVariable(name: string): string | null {
  const match = /^Var_[A-Za-z0-9]+_(Screen_\d{2,3})$/.exec(name);
  return match ? (match[1] as string) : null;
}

/** Any values as strings (numbers and booleans as the organizer typed them), others left out. */
export function toVarMap(raw: unknown): VarMap {
  const out: VarMap = {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return out;
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === "string") out[key] = value;
    else if (typeof value === "number" || typeof value === "boolean") out[key] = String(value);
  }
  return out;
}

/**
 * Splits Marketplace variables (PanoEventModulesVars.Marketplace.Vars) into plain variables and
 * web element content (§5: Var_x_Screen_NN sets content instead of a variable).
 */
export function splitMarketplace(vars: VarMap): { variables: VarMap; elements: VarMap } {
  const variables: VarMap = {};
  const elements: VarMap = {};
  for (const [name, value] of Object.entries(vars)) {
    const element = webElementOfVariable(name);
    if (element) elements[element] = value;
    else variables[name] = value;
  }
  return { variables, elements };
}

export interface WebElementContent {
  /** What to show: an image URL / link target, or "" for nothing. */
  value: string;
  source: "default" | "organizer" | "empty";
}

/**
 * The content of one web element: a Marketplace value wins over PanoCustomVars.WebElements, which
 * wins over the default. The empty marker clears it; the default marker (or no value) restores the
 * default from pano.xml, then the tour's own Default.
 */
export function webElementContent(
  id: string,
  tourDefault: string,
  xmlDefaults: ReadonlyMap<string, string>,
  customValue: string | undefined,
  marketplaceValue: string | undefined,
): WebElementContent {
  const fallback = xmlDefaults.get(id) ?? tourDefault;
  const set = marketplaceValue ?? customValue;
  if (set === undefined || set.trim() === DEFAULT_MARKER || set === "") return { value: fallback, source: "default" };
  if (set.trim() === EMPTY_MARKER) return { value: "", source: "empty" };
  return { value: set, source: "organizer" };
}

/** PanoCustomVars.WebElements: `{ Screen_01: { Type, Value } }` → `{ Screen_01: Value }`. */
export function customWebElements(panoCustomVars: unknown): VarMap {
  const out: VarMap = {};
  if (typeof panoCustomVars !== "object" || panoCustomVars === null) return out;
  const elements = (panoCustomVars as Record<string, unknown>).WebElements;
  if (typeof elements !== "object" || elements === null) return out;
  for (const [id, element] of Object.entries(elements)) {
    const value = typeof element === "object" && element !== null ? (element as Record<string, unknown>).Value : element;
    if (typeof value === "string") out[id] = value;
  }
  return out;
}

/** Safe targets only: web element content ends up in src/href, so only http(s) and tour paths. */
export function safeContentURL(value: string): boolean {
  if (/^https?:\/\//i.test(value)) return true;
  return /^[A-Za-z0-9_\-./]+$/.test(value) && !value.includes("..") && !value.startsWith("//");
}
