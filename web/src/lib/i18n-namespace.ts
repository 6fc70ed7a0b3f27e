/**
 * A screen's own i18next namespace (`locales/<lang>/<ns>.ts`), added when the screen's lazy chunk
 * loads so the attendee app never carries the organizer's strings. Every console namespace goes
 * through here; its type is registered in lib/i18n.ts (type import only).
 */
import i18next from "i18next";
import type { Language } from "./locale";

export type NamespaceResources<T extends object> = Readonly<Record<Language, T>>;

/** Idempotent; does nothing before i18next is initialized (the app initializes it at start). */
export function addNamespace<T extends object>(ns: string, resources: NamespaceResources<T>): void {
  if (!i18next.isInitialized) return;
  for (const [language, strings] of Object.entries(resources)) {
    if (!i18next.hasResourceBundle(language, ns)) i18next.addResourceBundle(language, ns, strings);
  }
}
