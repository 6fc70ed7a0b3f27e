/**
 * What the Look screen edits, worked out from the server's data; pure functions.
 *
 * - **Levels.** Attendees get event over global over default (themes.md). The event level is
 *   what this screen writes; "inherited" is what the levels below give — the global theme the
 *   event was based on (when it is the event's customer's), over the effective default — which is
 *   also what a reset returns to.
 * - **Fields.** The keys offered come from the server: the built-in keys of each component
 *   (`json-schemas`, in their order), then any other key some level has set. A key ending in
 *   `color` is a colour; an `X_background_alpha` whose `X_background_color` is offered is not a
 *   field of its own but the opacity of that colour (the alpha rule, ../theme.ts).
 * - **Drafts.** A field's text, "" meaning "not set here: inherit". The body of a save is the
 *   non-empty fields (the PUT replaces the level's map, so every key set here is sent).
 */
import type { StyleMap, Theme } from "../theme";
import { SUB_THEMES, type FileRef, type SubTheme, type ThemeLevel, type ThemeSchemas } from "./look-api";

export const OFFSET_KEY = "login_box_x_offset";
const COLOR_SUFFIX = "background_color";
const ALPHA_SUFFIX = "background_alpha";

type StyleValue = StyleMap[string];

export type Source = "global" | "default";
export type Maps = Record<SubTheme, StyleMap>;

export interface Inherited {
  maps: Maps;
  /** Which level each inherited key comes from. */
  from: Record<SubTheme, Record<string, Source>>;
  fonts: Record<string, { refs: FileRef[]; from: Source }>;
  media: Record<string, { ref: FileRef; from: Source }>;
  /** The global theme the event is based on, when it counts. */
  base: ThemeLevel | null;
}

/** A level's map of one component as stored: MainTheme with the offset put back in. */
export function storedMap(level: ThemeLevel | null | undefined, sub: SubTheme): StyleMap {
  if (!level) return {};
  const map: StyleMap = { ...level[sub] };
  if (sub === "MainTheme" && level.login_box_x_offset !== null) map[OFFSET_KEY] = level.login_box_x_offset;
  return map;
}

/**
 * What the event gets from below its own level. `base` only counts when it belongs to the
 * event's customer, as the server resolves it.
 */
export function inheritedLayers(defaults: ThemeLevel, base: ThemeLevel | null, customerId: string): Inherited {
  const global = base && base.CustomerID === customerId ? base : null;
  const layers: [ThemeLevel, Source][] = global ? [[defaults, "default"], [global, "global"]] : [[defaults, "default"]];
  const maps = { MainTheme: {}, HeaderTheme: {}, ChatTheme: {} } as Maps;
  const from = { MainTheme: {}, HeaderTheme: {}, ChatTheme: {} } as Inherited["from"];
  const fonts: Inherited["fonts"] = {};
  const media: Inherited["media"] = {};
  for (const [level, source] of layers) {
    for (const sub of SUB_THEMES) {
      for (const [key, value] of Object.entries(storedMap(level, sub))) {
        maps[sub][key] = value;
        from[sub][key] = source;
      }
    }
    // A font group is a fallback stack: the most specific level that has one wins whole.
    for (const [group, refs] of Object.entries(level.FontAssets)) if (refs.length > 0) fonts[group] = { refs, from: source };
    for (const [name, ref] of Object.entries(level.MediaAssets)) media[name] = { ref, from: source };
  }
  return { maps, from, fonts, media, base: global };
}

export type FieldKind = "color" | "alpha" | "offset" | "text";

export interface FieldSpec {
  key: string;
  kind: FieldKind;
  /** The opacity key folded into this colour, if any. */
  alphaKey: string | null;
  /** A built-in key (labelled in words), rather than one some level added. */
  known: boolean;
}

/** What a key holds, by its name: the same rule for built-in keys and keys typed in. */
export function keyKind(sub: SubTheme, key: string): FieldKind {
  if (sub === "MainTheme" && key === OFFSET_KEY) return "offset";
  if (/colou?r$/i.test(key)) return "color";
  return key.endsWith(ALPHA_SUFFIX) ? "alpha" : "text";
}
const alphaOf = (key: string) => (key.endsWith(COLOR_SUFFIX) ? key.slice(0, -COLOR_SUFFIX.length) + ALPHA_SUFFIX : null);
const colorOf = (key: string) => (key.endsWith(ALPHA_SUFFIX) ? key.slice(0, -ALPHA_SUFFIX.length) + COLOR_SUFFIX : null);

/** The built-in keys of a component, in the server's order. */
export function schemaKeys(schemas: ThemeSchemas, sub: SubTheme): string[] {
  return Object.keys(schemas[sub].properties ?? {});
}

/** The fields of one component: the built-in keys, then the keys levels have added (sorted). */
export function fieldSpecs(sub: SubTheme, builtIn: readonly string[], present: Iterable<string>): FieldSpec[] {
  const known = new Set(builtIn);
  const keys = [...builtIn, ...[...new Set(present)].filter((k) => !known.has(k)).sort()];
  const all = new Set(keys);
  const specs: FieldSpec[] = [];
  for (const key of keys) {
    const partner = colorOf(key);
    if (partner !== null && all.has(partner)) continue; // shown with its colour
    const alpha = alphaOf(key);
    const alphaKey = alpha !== null && all.has(alpha) ? alpha : null;
    specs.push({ key, kind: keyKind(sub, key), alphaKey, known: known.has(key) });
  }
  return specs;
}

/** Every key a field of the list holds (a colour and its opacity are two). */
export const fieldKeys = (specs: readonly FieldSpec[]) => specs.flatMap((s) => (s.alphaKey ? [s.key, s.alphaKey] : [s.key]));

/** A key typed in by the organizer, not saved yet. */
export interface ExtraRow {
  id: string;
  key: string;
  value: string;
}

export interface Draft {
  values: Record<string, string>;
  extra: ExtraRow[];
}

export const textOf = (value: StyleValue | undefined): string => (value === null || value === undefined ? "" : String(value));

export function draftOf(specs: readonly FieldSpec[], stored: StyleMap): Draft {
  return { values: Object.fromEntries(fieldKeys(specs).map((key) => [key, textOf(stored[key])])), extra: [] };
}

/**
 * The map a save sends: the fields set here and the added keys. A value left as it was stored
 * keeps its stored type (a number stays a number); anything typed is a string.
 */
export function draftToMap(draft: Draft, stored: StyleMap): StyleMap {
  const out: StyleMap = {};
  const put = (key: string, text: string) => {
    const value = text.trim();
    if (value === "") return;
    const before = stored[key];
    out[key] = before !== undefined && before !== null && textOf(before) === value ? before : value;
  };
  for (const [key, text] of Object.entries(draft.values)) put(key, text);
  for (const row of draft.extra) if (row.key.trim() !== "") put(row.key.trim(), row.value);
  return out;
}

/** Whether a draft would change what is stored. */
export function isDirty(draft: Draft, stored: StyleMap): boolean {
  const next = draftToMap(draft, stored);
  const keys = new Set([...Object.keys(next), ...Object.keys(stored)]);
  return [...keys].some((key) => textOf(next[key]) !== textOf(stored[key]));
}

/** What attendees would get with the drafts saved: the inherited maps under the drafts' values. */
export function effectiveMaps(inherited: Inherited, drafts: Record<SubTheme, Draft>, level: ThemeLevel | null): Maps {
  const out = {} as Maps;
  for (const sub of SUB_THEMES) out[sub] = { ...inherited.maps[sub], ...draftToMap(drafts[sub], storedMap(level, sub)) };
  return out;
}

export function effectiveFonts(inherited: Inherited, level: ThemeLevel | null): Record<string, FileRef[]> {
  const out: Record<string, FileRef[]> = Object.fromEntries(Object.entries(inherited.fonts).map(([g, f]) => [g, f.refs]));
  for (const [group, refs] of Object.entries(level?.FontAssets ?? {})) if (refs.length > 0) out[group] = refs;
  return out;
}

export function effectiveMedia(inherited: Inherited, level: ThemeLevel | null): Record<string, FileRef> {
  const out: Record<string, FileRef> = Object.fromEntries(Object.entries(inherited.media).map(([n, m]) => [n, m.ref]));
  return { ...out, ...(level?.MediaAssets ?? {}) };
}

/** The resolved theme in the shape the attendee app reads (../theme.ts), offset lifted out. */
export function resolvedTheme(maps: Maps, fonts: Record<string, FileRef[]>, media: Record<string, FileRef>): Theme {
  const { [OFFSET_KEY]: offset, ...main } = maps.MainTheme;
  return {
    MainTheme: main,
    HeaderTheme: maps.HeaderTheme,
    ChatTheme: maps.ChatTheme,
    FontAssets: fonts,
    MediaAssets: media,
    login_box_x_offset: offset === null || offset === undefined ? null : String(offset),
  };
}

/** "own_message_background_color" → "Own message background color": the label of a key no translation names. */
export function humanizeKey(key: string): string {
  const words = key.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
