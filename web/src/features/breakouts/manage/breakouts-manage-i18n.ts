/**
 * The Breakout rooms section's strings: the `breakoutsManage` namespace in all five languages
 * (`locales/<lang>/breakoutsManage.ts`; `breakouts` is the attendee side), added to i18next when
 * the screen's chunk loads, so the attendee app never carries them.
 *
 * The namespace is not in lib/i18n.ts's `CustomTypeOptions` (a foundation file this section does
 * not own), so react-i18next's `t` cannot check its keys; `useBreakoutsManageT` gives a `t` typed
 * by the English file instead, as the Polls, Media and Schedule sections do.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/breakoutsManage";
import en from "@/locales/en/breakoutsManage";
import es from "@/locales/es/breakoutsManage";
import fr from "@/locales/fr/breakoutsManage";
import it from "@/locales/it/breakoutsManage";

export const BREAKOUTS_MANAGE_NS = "breakoutsManage";

export const breakoutsManageResources = { en, de, es, fr, it } as const;

export function addBreakoutsManageStrings(): void {
  addNamespace(BREAKOUTS_MANAGE_NS, breakoutsManageResources);
}

/** Dotted keys of a strings tree; plural forms (`x_one`, `x_other`) are asked for as `x`. */
type Keys<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K extends `${infer B}_${"one" | "other"}` ? B : K}` : Keys<T[K], `${P}${K}.`>;
}[keyof T & string];

export type BreakoutsManageKey = Keys<typeof en>;
export type BreakoutsManageValues = Record<string, string | number>;
export type BreakoutsManageT = (key: BreakoutsManageKey, values?: BreakoutsManageValues) => string;

type Untyped = (key: string, options?: BreakoutsManageValues) => string;

/** `t` for the `breakoutsManage` namespace in the current language (re-rendering when it changes). */
export function useBreakoutsManageT(): BreakoutsManageT {
  addBreakoutsManageStrings();
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const fixed = (i18n as unknown as { getFixedT: (lng: string, ns: string) => Untyped }).getFixedT(language, BREAKOUTS_MANAGE_NS);
    return (key, values) => fixed(key, values);
  }, [i18n, language]);
}
