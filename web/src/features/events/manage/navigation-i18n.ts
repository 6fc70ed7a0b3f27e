/**
 * The Navigation screen's strings: the `navigation` namespace in all five languages
 * (`locales/<lang>/navigation.ts`), added to i18next when the screen's chunk loads, so the
 * attendee app never carries them. The namespace's type is registered in lib/i18n.ts.
 */
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/navigation";
import en from "@/locales/en/navigation";
import es from "@/locales/es/navigation";
import fr from "@/locales/fr/navigation";
import it from "@/locales/it/navigation";

export const NAVIGATION_NS = "navigation";

export const navigationResources = { en, de, es, fr, it } as const;

export function addNavigationStrings(): void {
  addNamespace(NAVIGATION_NS, navigationResources);
}
