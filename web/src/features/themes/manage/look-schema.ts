/**
 * The Look screen's rules, checked before anything is sent. They mirror the server's
 * (themes/schemas.py): keys `^[A-Za-z0-9_-]{1,64}$`, at most 300 per component; string values at
 * most 500 characters (counted as Python counts them, by code point) and none of `; { } < > \`;
 * `login_box_x_offset` a percentage between -50% and 50%, with the server's own pattern. Two rules
 * are the console's, because the server stores any string but the attendee app could not use it:
 * a colour field must hold a colour (one the contrast rule can read: ./contrast.ts) and an opacity
 * a number from 0 to 1 (what the alpha rule uses, ../theme.ts `parseAlpha`).
 *
 * Files: fonts WOFF2, WOFF, TTF or OTF (by extension: browsers name font types inconsistently);
 * images PNG, JPEG, WebP, GIF or ICO by the browser's type (an unknown type is left to the server,
 * which reads the bytes); both at most 10 MiB, the server's default upload limit.
 */
import { z } from "zod";
import { parseAlpha } from "../theme";
import { parseColor } from "./contrast";
import { keyKind, type Draft, type FieldKind, type FieldSpec } from "./look-model";
import type { SubTheme } from "./look-api";

export const KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const VALUE_MAX = 500;
export const MAX_KEYS = 300;
const UNSAFE = /[;{}<>\\]/;
const OFFSET = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*%?\s*$/;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const FONT_EXTENSIONS = [".woff2", ".woff", ".ttf", ".otf"] as const;
export const FONT_ACCEPT = [...FONT_EXTENSIONS, "font/woff2", "font/woff", "font/ttf", "font/otf"].join(",");
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif", "image/x-icon", "image/vnd.microsoft.icon"] as const;
export const IMAGE_ACCEPT = [...IMAGE_TYPES, ".ico"].join(",");

export const lookValidationKeys = [
  "keyInvalid",
  "keyTaken",
  "valueRequired",
  "valueTooLong",
  "valueUnsafe",
  "colorInvalid",
  "alphaInvalid",
  "offsetInvalid",
  "tooManyKeys",
  "fileRequired",
  "fontType",
  "imageType",
  "fileTooLarge",
] as const;

export type LookValidationKey = (typeof lookValidationKeys)[number];

/** Why a field's text cannot be saved, or null. "" (inherit) is always fine. */
export function valueProblem(kind: FieldKind, text: string): LookValidationKey | null {
  const value = text.trim();
  if (value === "") return null;
  if ([...value].length > VALUE_MAX) return "valueTooLong";
  if (UNSAFE.test(value)) return "valueUnsafe";
  if (kind === "color" && parseColor(value) === null) return "colorInvalid";
  if (kind === "alpha" && parseAlpha(value) === null) return "alphaInvalid";
  if (kind === "offset") {
    const match = OFFSET.exec(value);
    const number = match?.[1] === undefined ? NaN : Number(match[1]);
    if (!(number >= -50 && number <= 50)) return "offsetInvalid";
  }
  return null;
}

/** The kind of each key of a component's fields (an opacity key is an alpha). */
function kinds(specs: readonly FieldSpec[]): Map<string, FieldKind> {
  const out = new Map<string, FieldKind>();
  for (const spec of specs) {
    out.set(spec.key, spec.kind);
    if (spec.alphaKey) out.set(spec.alphaKey, "alpha");
  }
  return out;
}

/** A draft's schema; issues are at `values.<key>`, `extra.<row id>.key|value` or `extra`. */
export function draftSchema(sub: SubTheme, specs: readonly FieldSpec[]) {
  const fieldKinds = kinds(specs);
  return z
    .object({
      values: z.record(z.string(), z.string()),
      extra: z.array(z.object({ id: z.string(), key: z.string(), value: z.string() })),
    })
    .superRefine((draft, ctx) => {
      let count = 0;
      for (const [key, text] of Object.entries(draft.values)) {
        if (text.trim() !== "") count += 1;
        const problem = valueProblem(fieldKinds.get(key) ?? "text", text);
        if (problem) ctx.addIssue({ code: "custom", path: ["values", key], message: problem });
      }
      const seen = new Set<string>();
      for (const row of draft.extra) {
        const key = row.key.trim();
        let problem: LookValidationKey | null = null;
        if (!KEY_PATTERN.test(key)) problem = "keyInvalid";
        else if (fieldKinds.has(key) || seen.has(key)) problem = "keyTaken";
        if (problem) ctx.addIssue({ code: "custom", path: ["extra", row.id, "key"], message: problem });
        seen.add(key);
        const valueIssue = row.value.trim() === "" ? "valueRequired" : valueProblem(keyKind(sub, key), row.value);
        if (valueIssue) ctx.addIssue({ code: "custom", path: ["extra", row.id, "value"], message: valueIssue });
        count += 1;
      }
      if (count > MAX_KEYS) ctx.addIssue({ code: "custom", path: ["extra"], message: "tooManyKeys" });
    });
}

export type DraftProblems = Record<string, LookValidationKey>;

const isValidationKey = (value: unknown): value is LookValidationKey => (lookValidationKeys as readonly unknown[]).includes(value);

/** Every problem of a draft by its path (`values.text_color`), empty when it may be sent. */
export function draftProblems(sub: SubTheme, specs: readonly FieldSpec[], draft: Draft): DraftProblems {
  const result = draftSchema(sub, specs).safeParse(draft);
  if (result.success) return {};
  const out: DraftProblems = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join(".");
    if (isValidationKey(issue.message) && !(path in out)) out[path] = issue.message;
  }
  return out;
}

const extension = (name: string) => name.slice(name.lastIndexOf(".")).toLowerCase();

export function fontProblem(file: File): LookValidationKey | null {
  if (!(FONT_EXTENSIONS as readonly string[]).includes(extension(file.name))) return "fontType";
  return file.size > MAX_UPLOAD_BYTES ? "fileTooLarge" : null;
}

export function imageProblem(file: File): LookValidationKey | null {
  if (file.type !== "" && !(IMAGE_TYPES as readonly string[]).includes(file.type)) return "imageType";
  return file.size > MAX_UPLOAD_BYTES ? "fileTooLarge" : null;
}
