/**
 * The Pages screen's strings: the `pages` namespace in all five languages
 * (`locales/<lang>/pages.ts`), added to i18next when the screen's chunk loads, so the attendee app
 * never carries them. The namespace's type is registered in lib/i18n.ts.
 */
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/pages";
import en from "@/locales/en/pages";
import es from "@/locales/es/pages";
import fr from "@/locales/fr/pages";
import it from "@/locales/it/pages";

export const PAGES_NS = "pages";

export const pagesResources = { en, de, es, fr, it } as const;

export function addPagesStrings(): void {
  addNamespace(PAGES_NS, pagesResources);
}
