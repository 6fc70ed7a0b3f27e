/**
 * The Access screen's strings: the `access` namespace in all five languages
 * (`locales/<lang>/access.ts`), added to i18next when the screen's chunk loads, so the attendee
 * app never carries them. The namespace's type is registered in lib/i18n.ts.
 */
import i18next from "i18next";
import de from "@/locales/de/access";
import en from "@/locales/en/access";
import es from "@/locales/es/access";
import fr from "@/locales/fr/access";
import it from "@/locales/it/access";

export const ACCESS_NS = "access";

export const accessResources = { en, de, es, fr, it } as const;

/** Idempotent; does nothing before i18next is initialized (the app initializes it at start). */
export function addAccessStrings(): void {
  if (!i18next.isInitialized) return;
  for (const [language, strings] of Object.entries(accessResources)) {
    if (!i18next.hasResourceBundle(language, ACCESS_NS)) i18next.addResourceBundle(language, ACCESS_NS, strings);
  }
}
