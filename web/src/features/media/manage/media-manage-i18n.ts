/**
 * The Media section's strings: the `mediaManage` namespace in all five languages
 * (`locales/<lang>/mediaManage.ts`; `media` is the attendee side's), added to i18next when the
 * screen's chunk loads, so the attendee app never carries them.
 *
 * The namespace is not in lib/i18n.ts's `CustomTypeOptions` (a foundation file this section does
 * not own), so react-i18next's `t` cannot check its keys; `useMediaT` gives a `t` typed by the
 * English file instead.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/mediaManage";
import en from "@/locales/en/mediaManage";
import es from "@/locales/es/mediaManage";
import fr from "@/locales/fr/mediaManage";
import it from "@/locales/it/mediaManage";

export const MEDIA_MANAGE_NS = "mediaManage";

export const mediaManageResources = { en, de, es, fr, it } as const;

export function addMediaManageStrings(): void {
  addNamespace(MEDIA_MANAGE_NS, mediaManageResources);
}

/** Dotted keys of a strings tree; plural forms (`x_one`, `x_other`) are asked for as `x`. */
type Keys<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K extends `${infer B}_${"one" | "other"}` ? B : K}` : Keys<T[K], `${P}${K}.`>;
}[keyof T & string];

export type MediaKey = Keys<typeof en>;
export type MediaValues = Record<string, string | number>;
export type MediaT = (key: MediaKey, values?: MediaValues) => string;

type Untyped = (key: string, options?: MediaValues) => string;

/** `t` for the `mediaManage` namespace in the current language (re-rendering when it changes). */
export function useMediaT(): MediaT {
  addMediaManageStrings();
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const fixed = (i18n as unknown as { getFixedT: (lng: string, ns: string) => Untyped }).getFixedT(language, MEDIA_MANAGE_NS);
    return (key, values) => fixed(key, values);
  }, [i18n, language]);
}
