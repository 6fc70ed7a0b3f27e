/**
 * The Admins screen's strings: the `admins` namespace in all five languages
 * (`locales/<lang>/admins.ts`), added to i18next when the screen's chunk loads, so the attendee
 * app never carries them. The namespace's type is registered in lib/i18n.ts.
 */
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/admins";
import en from "@/locales/en/admins";
import es from "@/locales/es/admins";
import fr from "@/locales/fr/admins";
import it from "@/locales/it/admins";

export const ADMINS_NS = "admins";

export const adminsResources = { en, de, es, fr, it } as const;

export function addAdminsStrings(): void {
  addNamespace(ADMINS_NS, adminsResources);
}
