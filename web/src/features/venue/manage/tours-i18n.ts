/**
 * The Venue screen's strings: the `tours` namespace in all five languages
 * (`locales/<lang>/tours.ts`), added to i18next when the screen's chunk loads, so the attendee app
 * never carries them. Not `venue`: the attendee app's venue strings already use that key in the
 * default namespace. The namespace's type is registered in lib/i18n.ts.
 */
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/tours";
import en from "@/locales/en/tours";
import es from "@/locales/es/tours";
import fr from "@/locales/fr/tours";
import it from "@/locales/it/tours";

export const TOURS_NS = "tours";

export const toursResources = { en, de, es, fr, it } as const;

export function addToursStrings(): void {
  addNamespace(TOURS_NS, toursResources);
}
