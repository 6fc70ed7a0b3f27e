/**
 * The polls' strings: the `polls` namespace in all five languages (`locales/<lang>/polls.ts`),
 * added to i18next when the polls chunk loads, so neither the login route nor the venue frame's
 * own chunk carries them.
 *
 * The namespace is not registered in lib/i18n.ts's `CustomTypeOptions` (as with `media` and
 * `agenda`), so `usePollsT` gives a re-rendering `t` with keys typed from the English file.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/polls";
import en from "@/locales/en/polls";
import es from "@/locales/es/polls";
import fr from "@/locales/fr/polls";
import it from "@/locales/it/polls";

export const POLLS_NS = "polls";

export const pollsResources = { en, de, es, fr, it } as const;

export function addPollsStrings(): void {
  addNamespace(POLLS_NS, pollsResources);
}

/** Plural keys are asked for without their suffix (i18next picks `_one` / `_other` by `count`). */
type Unplural<K extends string> = K extends `${infer Base}_${"one" | "other"}` ? Base : K;
type Keys<T> = { [K in keyof T & string]: T[K] extends string ? Unplural<K> : `${K}.${Keys<T[K]>}` }[keyof T & string];
export type PollsKey = Keys<typeof en>;

export type PollsT = (key: PollsKey, values?: Readonly<Record<string, string | number>>) => string;

/** `t` of the polls namespace and the language; re-renders when the language changes. */
export function usePollsT(): { t: PollsT; language: string } {
  addPollsStrings();
  const { i18n } = useTranslation();
  const language = i18n.language;
  const t = useMemo<PollsT>(() => {
    // i18next's `t` is typed for registered namespaces only; `PollsKey` checks the keys instead.
    const translate = i18n.t.bind(i18n) as unknown as (key: string, options: object) => string;
    return (key, values) => translate(key, { ...values, ns: POLLS_NS, lng: language });
  }, [i18n, language]);
  return { t, language };
}
