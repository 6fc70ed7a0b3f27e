/**
 * The Polls section's strings: the `pollsManage` namespace in all five languages
 * (`locales/<lang>/pollsManage.ts`; `polls` is left to the attendee side), added to i18next when
 * the screen's chunk loads, so the attendee app never carries them.
 *
 * The namespace is not in lib/i18n.ts's `CustomTypeOptions` (a foundation file this section does
 * not own), so react-i18next's `t` cannot check its keys; `usePollsT` gives a `t` typed by the
 * English file instead, as the Media and Schedule sections do.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/pollsManage";
import en from "@/locales/en/pollsManage";
import es from "@/locales/es/pollsManage";
import fr from "@/locales/fr/pollsManage";
import it from "@/locales/it/pollsManage";

export const POLLS_MANAGE_NS = "pollsManage";

export const pollsManageResources = { en, de, es, fr, it } as const;

export function addPollsManageStrings(): void {
  addNamespace(POLLS_MANAGE_NS, pollsManageResources);
}

/** Dotted keys of a strings tree; plural forms (`x_one`, `x_other`) are asked for as `x`. */
type Keys<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K extends `${infer B}_${"one" | "other"}` ? B : K}` : Keys<T[K], `${P}${K}.`>;
}[keyof T & string];

export type PollsKey = Keys<typeof en>;
export type PollsValues = Record<string, string | number>;
export type PollsT = (key: PollsKey, values?: PollsValues) => string;

type Untyped = (key: string, options?: PollsValues) => string;

/** `t` for the `pollsManage` namespace in the current language (re-rendering when it changes). */
export function usePollsT(): PollsT {
  addPollsManageStrings();
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const fixed = (i18n as unknown as { getFixedT: (lng: string, ns: string) => Untyped }).getFixedT(language, POLLS_MANAGE_NS);
    return (key, values) => fixed(key, values);
  }, [i18n, language]);
}
