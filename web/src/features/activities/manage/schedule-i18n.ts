/**
 * The Schedule and Speakers screens' strings: the `schedule` namespace in all five languages
 * (`locales/<lang>/schedule.ts`), added to i18next when a screen's chunk loads, so the attendee app
 * never carries them.
 *
 * The namespace is not in lib/i18n.ts's `CustomTypeOptions` (a file of the app's foundation this
 * feature does not own), so react-i18next's `t` cannot check its keys. `useScheduleT` gives a `t`
 * typed by the English file instead: a misspelt key is still a type error.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/schedule";
import en from "@/locales/en/schedule";
import es from "@/locales/es/schedule";
import fr from "@/locales/fr/schedule";
import it from "@/locales/it/schedule";

export const SCHEDULE_NS = "schedule";

export const scheduleResources = { en, de, es, fr, it } as const;

export function addScheduleStrings(): void {
  addNamespace(SCHEDULE_NS, scheduleResources);
}

/** Dotted keys of a strings tree; plural forms (`x_one`, `x_other`) are asked for as `x`. */
type Keys<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K extends `${infer B}_${"one" | "other"}` ? B : K}` : Keys<T[K], `${P}${K}.`>;
}[keyof T & string];

export type ScheduleKey = Keys<typeof en>;
export type ScheduleValues = Record<string, string | number>;
export type ScheduleT = (key: ScheduleKey, values?: ScheduleValues) => string;

type Untyped = (key: string, options?: ScheduleValues) => string;

/** `t` for the `schedule` namespace in the current language (re-rendering when it changes). */
export function useScheduleT(): ScheduleT {
  addScheduleStrings();
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const fixed = (i18n as unknown as { getFixedT: (lng: string, ns: string) => Untyped }).getFixedT(language, SCHEDULE_NS);
    return (key, values) => fixed(key, values);
  }, [i18n, language]);
}
