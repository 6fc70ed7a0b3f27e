/**
 * The Pages screen's strings: the `pages` namespace in all five languages
 * (`locales/<lang>/pages.ts`), added to i18next when the screen's chunk loads, so the attendee app
 * never carries them. The namespace's type is registered in lib/i18n.ts.
 */
import i18next from "i18next";
import de from "@/locales/de/pages";
import en from "@/locales/en/pages";
import es from "@/locales/es/pages";
import fr from "@/locales/fr/pages";
import it from "@/locales/it/pages";

export const PAGES_NS = "pages";

export const pagesResources = { en, de, es, fr, it } as const;

/** Idempotent; does nothing before i18next is initialized (the app initializes it at start). */
export function addPagesStrings(): void {
  if (!i18next.isInitialized) return;
  for (const [language, strings] of Object.entries(pagesResources)) {
    if (!i18next.hasResourceBundle(language, PAGES_NS)) i18next.addResourceBundle(language, PAGES_NS, strings);
  }
}
