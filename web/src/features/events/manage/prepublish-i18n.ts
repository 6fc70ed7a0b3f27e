/**
 * The pre-publish check's strings: the `prepublish` namespace in all five languages
 * (`locales/<lang>/prepublish.ts`), added to i18next when the screen's chunk (or the settings
 * form showing refused findings) loads. The namespace's type is registered in lib/i18n.ts.
 */
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/prepublish";
import en from "@/locales/en/prepublish";
import es from "@/locales/es/prepublish";
import fr from "@/locales/fr/prepublish";
import it from "@/locales/it/prepublish";

export const PREPUBLISH_NS = "prepublish";

export const prepublishResources = { en, de, es, fr, it } as const;

export function addPrepublishStrings(): void {
  addNamespace(PREPUBLISH_NS, prepublishResources);
}
