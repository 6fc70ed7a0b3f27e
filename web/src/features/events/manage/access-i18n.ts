/**
 * The Access screen's strings: the `access` namespace in all five languages
 * (`locales/<lang>/access.ts`), added to i18next when the screen's chunk loads, so the attendee
 * app never carries them. The namespace's type is registered in lib/i18n.ts.
 */
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/access";
import en from "@/locales/en/access";
import es from "@/locales/es/access";
import fr from "@/locales/fr/access";
import it from "@/locales/it/access";

export const ACCESS_NS = "access";

export const accessResources = { en, de, es, fr, it } as const;

export function addAccessStrings(): void {
  addNamespace(ACCESS_NS, accessResources);
}
