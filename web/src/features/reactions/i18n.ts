/**
 * The reactions' strings: the `reactions` namespace in all five languages
 * (`locales/<lang>/reactions.ts`), added to i18next when the venue's page chunk (which mounts the
 * session player) loads, so the login route never carries them.
 *
 * The namespace is not registered in lib/i18n.ts's `CustomTypeOptions` (as with `media` and
 * `agenda`), so `useReactionsT` gives a re-rendering `t` with keys typed from the English file.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/reactions";
import en from "@/locales/en/reactions";
import es from "@/locales/es/reactions";
import fr from "@/locales/fr/reactions";
import it from "@/locales/it/reactions";

export const REACTIONS_NS = "reactions";

export const reactionsResources = { en, de, es, fr, it } as const;

export function addReactionsStrings(): void {
  addNamespace(REACTIONS_NS, reactionsResources);
}

/** Plural keys are asked for without their suffix (i18next picks `_one` / `_other` by `count`). */
type Unplural<K extends string> = K extends `${infer Base}_${"one" | "other"}` ? Base : K;
type Keys<T> = { [K in keyof T & string]: T[K] extends string ? Unplural<K> : `${K}.${Keys<T[K]>}` }[keyof T & string];
export type ReactionsKey = Keys<typeof en>;

export type ReactionsT = (key: ReactionsKey, values?: Readonly<Record<string, string | number>>) => string;

/** `t` of the reactions namespace and the language; re-renders when the language changes. */
export function useReactionsT(): { t: ReactionsT; language: string } {
  addReactionsStrings();
  const { i18n } = useTranslation();
  const language = i18n.language;
  const t = useMemo<ReactionsT>(() => {
    // i18next's `t` is typed for registered namespaces only; `ReactionsKey` checks the keys instead.
    const translate = i18n.t.bind(i18n) as unknown as (key: string, options: object) => string;
    return (key, values) => translate(key, { ...values, ns: REACTIONS_NS, lng: language });
  }, [i18n, language]);
  return { t, language };
}
