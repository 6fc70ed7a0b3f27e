/**
 * The breakout rooms' strings: the `breakouts` namespace in all five languages
 * (`locales/<lang>/breakouts.ts`), added to i18next when the breakouts chunk loads, so neither
 * the login route nor the venue frame's own chunk carries them. Shared error texts (a full or
 * closed room) stay in the default namespace (`lib/errors.ts`).
 *
 * Not registered in lib/i18n.ts's `CustomTypeOptions` (as with `polls`): `useBreakoutsT` gives a
 * re-rendering `t` whose keys are typed from the English file.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/breakouts";
import en from "@/locales/en/breakouts";
import es from "@/locales/es/breakouts";
import fr from "@/locales/fr/breakouts";
import it from "@/locales/it/breakouts";

export const BREAKOUTS_NS = "breakouts";

export const breakoutsResources = { en, de, es, fr, it } as const;

export function addBreakoutsStrings(): void {
  addNamespace(BREAKOUTS_NS, breakoutsResources);
}

/** Plural keys are asked for without their suffix (i18next picks `_one` / `_other` by `count`). */
type Unplural<K extends string> = K extends `${infer Base}_${"one" | "other"}` ? Base : K;
type Keys<T> = { [K in keyof T & string]: T[K] extends string ? Unplural<K> : `${K}.${Keys<T[K]>}` }[keyof T & string];
export type BreakoutsKey = Keys<typeof en>;

export type BreakoutsT = (key: BreakoutsKey, values?: Readonly<Record<string, string | number>>) => string;

/** `t` of the breakouts namespace and the language; re-renders when the language changes. */
export function useBreakoutsT(): { t: BreakoutsT; language: string } {
  addBreakoutsStrings();
  const { i18n } = useTranslation();
  const language = i18n.language;
  const t = useMemo<BreakoutsT>(() => {
    // i18next's `t` is typed for registered namespaces only; `BreakoutsKey` checks the keys instead.
    const translate = i18n.t.bind(i18n) as unknown as (key: string, options: object) => string;
    return (key, values) => translate(key, { ...values, ns: BREAKOUTS_NS, lng: language });
  }, [i18n, language]);
  return { t, language };
}
