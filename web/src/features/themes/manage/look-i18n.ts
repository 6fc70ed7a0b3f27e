/**
 * The Look screen's strings: the `look` namespace in all five languages (`locales/<lang>/look.ts`),
 * added to i18next when the screen's chunk loads, so the attendee app never carries them. The
 * namespace's type is registered in lib/i18n.ts.
 */
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/look";
import en from "@/locales/en/look";
import es from "@/locales/es/look";
import fr from "@/locales/fr/look";
import it from "@/locales/it/look";

export const LOOK_NS = "look";

export const lookResources = { en, de, es, fr, it } as const;

export function addLookStrings(): void {
  addNamespace(LOOK_NS, lookResources);
}
