/**
 * Turning an event theme into CSS (attendee-app.md §3, §5). Pure functions; `apply.ts` writes the
 * result into the document.
 *
 * - MainTheme / HeaderTheme / ChatTheme: each key becomes `--{group}-{key-with-dashes}`.
 *   A key ending in `background_alpha` is not emitted itself; it is folded into the matching
 *   `...background_color`
 *   when it is numeric and within 0..1, otherwise the plain colour is used.
 * - FontAssets: weight name → list of {url, hash}; entries without url or hash are skipped.
 * - MediaAssets.favicon.url: the favicon. login_box_x_offset: a percentage string.
 */

export type StyleMap = Record<string, string | number | boolean | null | undefined>;

export interface FontSource {
  url?: string | null;
  hash?: string | null;
}

export interface Theme {
  EventID?: string;
  MainTheme?: StyleMap;
  HeaderTheme?: StyleMap;
  ChatTheme?: StyleMap;
  FontAssets?: Partial<Record<string, FontSource[] | null>>;
  MediaAssets?: { favicon?: { url?: string | null } | null } & Record<string, unknown>;
  login_box_x_offset?: string | null;
}

const ALPHA_SUFFIX = "background_alpha";
const COLOR_SUFFIX = "background_color";

/** 0..1 as a number, or null when the value is not a usable alpha. */
export function parseAlpha(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 && value <= 1 ? value : null;
  if (typeof value !== "string" || value.trim() === "") return null;
  const n = Number(value.trim());
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : null;
}

/** A colour with an alpha applied; hex colours become rgba(), others use color-mix(). */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color.trim());
  if (hex?.[1]) {
    let digits = hex[1];
    if (digits.length === 3) digits = [...digits].map((d) => d + d).join("");
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16));
    return `rgba(${r}, ${g}, ${b}, ${alpha})`;
  }
  return `color-mix(in srgb, ${color.trim()} ${Math.round(alpha * 1000) / 10}%, transparent)`;
}

/** Characters that could end a declaration or open a new rule are not allowed in values. */
function safeValue(value: string): string | null {
  return /[;{}<>\\]/.test(value) ? null : value.trim();
}

function cssName(group: string, key: string): string {
  return `--${group}-${key.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").toLowerCase()}`;
}

/** The custom properties of one theme group, with the alpha rule applied. */
export function groupVariables(group: string, map: StyleMap | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!map) return out;
  for (const [key, raw] of Object.entries(map)) {
    if (key.endsWith(ALPHA_SUFFIX) || raw === null || raw === undefined || typeof raw === "boolean") continue;
    let value = safeValue(String(raw));
    if (value === null || value === "") continue;
    if (key.endsWith(COLOR_SUFFIX)) {
      const alpha = parseAlpha(map[key.slice(0, -COLOR_SUFFIX.length) + ALPHA_SUFFIX]);
      if (alpha !== null) value = withAlpha(value, alpha);
    }
    out[cssName(group, key)] = value;
  }
  return out;
}

export function themeVariables(theme: Theme): Record<string, string> {
  return {
    ...groupVariables("main", theme.MainTheme),
    ...groupVariables("header", theme.HeaderTheme),
    ...groupVariables("chat", theme.ChatTheme),
  };
}

const fontFaces: Record<string, { weight: number; style: "normal" | "italic" }> = {
  light: { weight: 300, style: "normal" },
  regular: { weight: 400, style: "normal" },
  medium: { weight: 500, style: "normal" },
  bold: { weight: 700, style: "normal" },
  italic: { weight: 400, style: "italic" },
  bold_italic: { weight: 700, style: "italic" },
};

export const THEME_FONT_FAMILY = "VenuelyTheme";

function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url, "http://relative.invalid/");
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  } catch {
    return null;
  }
  return /["'()\\\s]/.test(url) ? null : url;
}

/** `@font-face` rules for the theme's fonts; sources without url or hash are skipped. */
export function fontFaceRules(fonts: Theme["FontAssets"]): string[] {
  const rules: string[] = [];
  for (const [name, sources] of Object.entries(fonts ?? {})) {
    const face = fontFaces[name];
    if (!face || !Array.isArray(sources)) continue;
    const urls = sources
      .filter((s) => typeof s?.url === "string" && s.url !== "" && typeof s.hash === "string" && s.hash !== "")
      .map((s) => safeUrl(String(s.url)))
      .filter((u): u is string => u !== null);
    if (urls.length === 0) continue;
    const src = urls.map((u) => `url("${u}")`).join(", ");
    rules.push(
      `@font-face { font-family: "${THEME_FONT_FAMILY}"; src: ${src}; font-weight: ${face.weight}; font-style: ${face.style}; font-display: swap; }`,
    );
  }
  return rules;
}

export function faviconUrl(theme: Theme): string | null {
  const url = theme.MediaAssets?.favicon?.url;
  return typeof url === "string" && url !== "" ? safeUrl(url) : null;
}

/** The login box offset as a percentage number, or null when absent or not a percentage. */
export function parseOffset(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*%?\s*$/.exec(value);
  if (!match?.[1]) return null;
  const n = Number(match[1]);
  return Number.isFinite(n) && n >= -50 && n <= 50 ? n : null;
}

/** Media-query steps: full offset on wide screens, half on medium, centred on narrow ones. */
export const OFFSET_STEPS = [
  { minWidth: 1200, factor: 1 },
  { minWidth: 768, factor: 0.5 },
  { minWidth: 0, factor: 0 },
] as const;

export function loginBoxOffset(offset: number, screenWidth: number): number {
  const step = OFFSET_STEPS.find((s) => screenWidth >= s.minWidth) ?? OFFSET_STEPS[OFFSET_STEPS.length - 1];
  return step ? offset * step.factor : 0;
}

export function loginBoxRules(value: unknown): string[] {
  const offset = parseOffset(value);
  if (offset === null) return [];
  return OFFSET_STEPS.map((step) => {
    const rule = `:root { --login-box-x-offset: ${offset * step.factor}%; }`;
    return step.minWidth === 0 ? rule : `@media (min-width: ${step.minWidth}px) { ${rule} }`;
  }).reverse();
}

/** The whole stylesheet for a theme. */
export function themeStylesheet(theme: Theme): string {
  const vars = Object.entries(themeVariables(theme))
    .map(([k, v]) => `${k}: ${v};`)
    .join(" ");
  return [
    ...fontFaceRules(theme.FontAssets),
    vars ? `:root { ${vars} }` : "",
    ...loginBoxRules(theme.login_box_x_offset),
  ]
    .filter((r) => r !== "")
    .join("\n");
}
