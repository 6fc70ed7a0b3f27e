/**
 * Which language the interface starts in. An explicit choice (the switcher) wins; otherwise the
 * browser's language if it is en, de, it or fr, else German (attendee-app.md §9). Spanish has
 * translations but is only reached through the switcher.
 */

export const supportedLanguages = ["en", "de", "es", "fr", "it"] as const;
export type Language = (typeof supportedLanguages)[number];

const browserDefaults: readonly Language[] = ["en", "de", "it", "fr"];
export const fallbackLanguage: Language = "de";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

function primary(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0] ?? "";
}

export function chooseLanguage(
  stored: string | null,
  browserLanguages: readonly string[],
): Language {
  if (isLanguage(stored)) return stored;
  const first = browserLanguages[0];
  if (first === undefined) return fallbackLanguage;
  const lang = primary(first);
  return browserDefaults.find((l) => l === lang) ?? fallbackLanguage;
}
