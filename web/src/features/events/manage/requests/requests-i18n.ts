/**
 * The Event requests page's strings: the `eventRequests` namespace in all five languages
 * (`locales/<lang>/eventRequests.ts`), added to i18next when the page's chunk loads, so the
 * attendee app never carries them.
 *
 * lib/i18n.ts's `CustomTypeOptions` (the app's foundation) does not list this namespace, so
 * react-i18next's `t` cannot check its keys: `useRequestsT` is a `t` whose keys are the English
 * file's dotted paths, so a misspelt key is still a type error.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/eventRequests";
import en from "@/locales/en/eventRequests";
import es from "@/locales/es/eventRequests";
import fr from "@/locales/fr/eventRequests";
import it from "@/locales/it/eventRequests";

export const EVENT_REQUESTS_NS = "eventRequests";

export const eventRequestsResources = { en, de, es, fr, it } as const;

export function addEventRequestsStrings(): void {
  addNamespace(EVENT_REQUESTS_NS, eventRequestsResources);
}

/** Every leaf of a strings object as `a.b.c`. */
type DottedKeys<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : DottedKeys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type RequestsKey = DottedKeys<typeof en>;
export type RequestsT = (key: RequestsKey, values?: Record<string, string | number>) => string;

type LooseT = (key: string, values?: Record<string, string | number>) => string;

export function useRequestsT(): RequestsT {
  addEventRequestsStrings();
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    // The namespace is unknown to i18next's types (see above): typed here instead.
    const loose = i18n as unknown as { getFixedT: (lng: string, ns: string) => LooseT };
    const fixed = loose.getFixedT(language, EVENT_REQUESTS_NS);
    return (key, values) => fixed(key, values);
  }, [i18n, language]);
}
