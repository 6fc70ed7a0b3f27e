/**
 * The pre-publish check's contrast rule (server events/prepublish/theme.py and contrast.py), so
 * the Look screen warns while the organizer edits, before anything is saved, exactly where the
 * check will. The data — which text sits on which background, what each background sits on, the
 * AA bar, the built-in fallbacks, the colour names — is generated from the server's own
 * (`lib/generated/theme-contrast.ts`); this file holds only the arithmetic, held to the server's
 * results by the generated vectors (contrast.test.ts).
 *
 * Readable colours: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()`, `hsl()`/`hsla()`
 * (comma or space syntax, `/ alpha`, percentages), `transparent` and the CSS colour names; anything
 * else is "unreadable" and left unchecked, as the server does. The alpha rule is the attendee
 * app's (`parseAlpha` of ../theme.ts): `X_background_alpha` replaces a hex colour's alpha and
 * multiplies any other's. Translucent colours are composited over what they sit on.
 */
import {
  AA_NORMAL_TEXT,
  CONTRAST_BUILTIN,
  CONTRAST_PAIRS,
  CONTRAST_SURFACES,
  CSS_COLOR_NAMES,
  type ContrastThemeName,
} from "@/lib/generated/theme-contrast";
import { parseAlpha, type StyleMap } from "../theme";

export { AA_NORMAL_TEXT };

export interface Rgba {
  /** 0..255 */
  r: number;
  g: number;
  b: number;
  /** 0..1 */
  a: number;
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/;
const FUNCTION = /^(rgba?|hsla?)\(([^()]*)\)$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?(%|deg)?$/;

const clamp = (value: number, top: number) => Math.min(Math.max(value, 0), top);

/** A channel: a plain number in 0..scale, or a percentage of scale. */
function channel(token: string, scale: number): number | null {
  if (!NUMBER.test(token) || token.endsWith("deg")) return null;
  if (token.endsWith("%")) return clamp((Number(token.slice(0, -1)) / 100) * scale, scale);
  return clamp(Number(token), scale);
}

function alphaToken(token: string | undefined): number | null {
  if (token === undefined) return 1;
  if (!NUMBER.test(token) || token.endsWith("deg")) return null;
  return clamp(token.endsWith("%") ? Number(token.slice(0, -1)) / 100 : Number(token), 1);
}

/** Python's `x % 1.0`: never negative. */
const unit = (x: number) => ((x % 1) + 1) % 1;

/** HSL (all 0..1) to RGB 0..1, as Python's colorsys.hls_to_rgb computes it. */
function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  if (s === 0) return [l, l, l];
  const m2 = l <= 0.5 ? l * (1 + s) : l + s - l * s;
  const m1 = 2 * l - m2;
  const v = (hue: number) => {
    const x = unit(hue);
    if (x < 1 / 6) return m1 + (m2 - m1) * x * 6;
    if (x < 0.5) return m2;
    if (x < 2 / 3) return m1 + (m2 - m1) * (2 / 3 - x) * 6;
    return m1;
  };
  return [v(h + 1 / 3), v(h), v(h - 1 / 3)];
}

function colorFunction(name: string, body: string): Rgba | null {
  let tokens = body.replaceAll(",", " ").replaceAll("/", " / ").split(/\s+/).filter(Boolean);
  let alphaText: string | undefined;
  const slash = tokens.indexOf("/");
  if (slash !== -1) {
    if (slash !== 3 || tokens.length !== 5) return null;
    alphaText = tokens[4];
    tokens = tokens.slice(0, 3);
  } else if (tokens.length === 4) {
    alphaText = tokens[3];
    tokens = tokens.slice(0, 3);
  }
  const [first, second, third] = tokens;
  if (tokens.length !== 3 || first === undefined || second === undefined || third === undefined) return null;
  const a = alphaToken(alphaText);
  if (a === null) return null;
  if (name.startsWith("rgb")) {
    const [r, g, b] = [channel(first, 255), channel(second, 255), channel(third, 255)];
    return r === null || g === null || b === null ? null : { r, g, b, a };
  }
  const hue = first.endsWith("deg") ? first.slice(0, -3) : first;
  // One unit at most ("120degdeg" is no hue), as the server reads it.
  if (!NUMBER.test(hue) || hue.endsWith("%") || hue.endsWith("deg")) return null;
  const [s, l] = [channel(second, 1), channel(third, 1)];
  if (s === null || l === null || !second.endsWith("%")) return null;
  const [r, g, b] = hslToRgb(((Number(hue) % 360) + 360) % 360 / 360, s, l);
  return { r: r * 255, g: g * 255, b: b * 255, a };
}

/** A colour as the pre-publish check reads it, or null when it cannot. */
export function parseColor(value: unknown): Rgba | null {
  if (typeof value !== "string") return null;
  const text = value.trim().toLowerCase();
  if (text === "transparent") return { r: 0, g: 0, b: 0, a: 0 };
  const hex = HEX.exec(text)?.[1];
  if (hex !== undefined) {
    const digits = hex.length <= 4 ? [...hex].map((d) => d + d).join("") : hex;
    const channels = (digits.match(/../g) ?? []).map((pair) => parseInt(pair, 16));
    const [r = 0, g = 0, b = 0, alpha] = channels;
    return { r, g, b, a: alpha === undefined ? 1 : alpha / 255 };
  }
  const fn = FUNCTION.exec(text);
  if (fn?.[1] !== undefined && fn[2] !== undefined) return colorFunction(fn[1], fn[2]);
  const named = Object.hasOwn(CSS_COLOR_NAMES, text) ? CSS_COLOR_NAMES[text] : undefined;
  return named === undefined ? null : parseColor(named);
}

/** `top` painted over an opaque `backdrop`. */
export function over(top: Rgba, backdrop: Rgba): Rgba {
  const mix = (c: number, d: number) => top.a * c + (1 - top.a) * d;
  return { r: mix(top.r, backdrop.r), g: mix(top.g, backdrop.g), b: mix(top.b, backdrop.b), a: 1 };
}

function luminance(color: Rgba): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b);
}

export function contrastRatio(first: Rgba, second: Rgba): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export type ThemeMaps = Readonly<Record<ContrastThemeName, StyleMap>>;

export interface ContrastProblem {
  theme: ContrastThemeName;
  textKey: string;
  /** Where the background colour lives (a chat message's sits in ChatTheme, say). */
  backgroundTheme: ContrastThemeName;
  backgroundKey: string;
  /** Rounded down to two places, so a ratio just under the bar never reads as 4.5. */
  ratio: number;
}

export interface ContrastReport {
  problems: ContrastProblem[];
  /** Colours the rule could not read (their contrast was not checked). */
  unreadable: { theme: ContrastThemeName; key: string; value: string }[];
}

const COLOR_SUFFIX = "background_color";
const ALPHA_SUFFIX = "background_alpha";

/** The text/background pairs of a resolved theme that fall below WCAG AA, as the check finds them. */
export function contrastReport(maps: ThemeMaps): ContrastReport {
  const unreadable = new Map<string, { theme: ContrastThemeName; key: string; value: string }>();
  const surfaces = new Map<string, Rgba | null>();

  const color = (theme: ContrastThemeName, key: string): Rgba | null => {
    const values = maps[theme];
    let raw: unknown = values[key];
    // What the stylesheet's fallbacks do with a value the attendee app would not emit.
    if (raw === null || raw === undefined || raw === "" || typeof raw === "boolean") raw = CONTRAST_BUILTIN[theme][key];
    const parsed = parseColor(raw);
    if (parsed === null) {
      unreadable.set(`${theme}.${key}`, { theme, key, value: String(raw) });
      return null;
    }
    if (key.endsWith(COLOR_SUFFIX)) {
      const alpha = parseAlpha(values[key.slice(0, -COLOR_SUFFIX.length) + ALPHA_SUFFIX]);
      if (alpha !== null) {
        const hexColour = typeof raw === "string" && raw.trim().startsWith("#");
        return { ...parsed, a: hexColour ? alpha : parsed.a * alpha };
      }
    }
    return parsed;
  };

  const surface = (id: string): Rgba | null => {
    if (!surfaces.has(id)) {
      const spec = CONTRAST_SURFACES[id];
      const below = spec?.over ? surface(spec.over) : WHITE;
      const own = spec ? color(spec.theme, spec.key) : null;
      surfaces.set(id, below === null || own === null ? null : over(own, below));
    }
    return surfaces.get(id) ?? null;
  };

  const problems: ContrastProblem[] = [];
  for (const pair of CONTRAST_PAIRS) {
    const background = surface(pair.surface);
    const text = color(pair.theme, pair.textKey);
    const spec = CONTRAST_SURFACES[pair.surface];
    if (background === null || text === null || spec === undefined) continue;
    const ratio = contrastRatio(over(text, background), background);
    if (ratio >= AA_NORMAL_TEXT) continue;
    problems.push({ theme: pair.theme, textKey: pair.textKey, backgroundTheme: spec.theme, backgroundKey: spec.key, ratio: Math.floor(ratio * 100) / 100 });
  }
  return { problems, unreadable: [...unreadable.values()] };
}
