/**
 * The help desk's strings: the `helpdesk` namespace in all five languages
 * (`locales/<lang>/helpdesk.ts`), added to i18next when a help desk chunk loads (the page, the
 * console section, the answer notifier), so neither the login route nor the venue frame's own
 * chunk carries them. Refusals by server code stay in the default namespace (`lib/errors.ts`).
 *
 * Not registered in lib/i18n.ts's `CustomTypeOptions` (as with `breakouts`): `useHelpdeskT` gives
 * a re-rendering `t` whose keys are typed from the English file.
 */
import i18next from "i18next";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/helpdesk";
import en from "@/locales/en/helpdesk";
import es from "@/locales/es/helpdesk";
import fr from "@/locales/fr/helpdesk";
import it from "@/locales/it/helpdesk";
import { refusalOf } from "./errors";
import { duration } from "./model";

export const HELPDESK_NS = "helpdesk";

export const helpdeskResources = { en, de, es, fr, it } as const;

export function addHelpdeskStrings(): void {
  addNamespace(HELPDESK_NS, helpdeskResources);
}

/** Dotted keys of a strings tree; plural forms (`x_one`, `x_other`) are asked for as `x`. */
type Keys<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K extends `${infer B}_${"one" | "other"}` ? B : K}` : Keys<T[K], `${P}${K}.`>;
}[keyof T & string];

export type HelpdeskKey = Keys<typeof en>;
export type HelpdeskT = (key: HelpdeskKey, values?: Readonly<Record<string, string | number>>) => string;

type Untyped = (key: string, options?: Readonly<Record<string, string | number>>) => string;

/** `t` of the namespace in a language, for code outside React (the desktop notification). */
export function helpdeskT(language: string = i18next.language): HelpdeskT {
  addHelpdeskStrings();
  // i18next's `getFixedT` is typed for registered namespaces only; `HelpdeskKey` checks the keys instead.
  const fixed = (i18next as unknown as { getFixedT: (lng: string, ns: string) => Untyped }).getFixedT(language, HELPDESK_NS);
  return (key, values) => fixed(key, values);
}

/** `t` of the help desk and the language; re-renders when the language changes. */
export function useHelpdeskT(): { t: HelpdeskT; language: string } {
  addHelpdeskStrings();
  const { i18n } = useTranslation();
  const language = i18n.language;
  const t = useMemo(() => helpdeskT(language), [language]);
  return { t, language };
}

/** A duration in words of the current language ("12 min", "2 h 5 min"). */
export function durationText(t: HelpdeskT, ms: number): string {
  const d = duration(ms);
  switch (d.unit) {
    case "seconds":
      return t("duration.seconds");
    case "minutes":
      return t("duration.minutes", { count: d.minutes });
    case "hours":
      return t("duration.hours", { hours: d.hours, minutes: d.minutes });
    case "days":
      return t("duration.days", { days: d.days, hours: d.hours });
  }
}

/** The sentence a refused call shows: lib/errors.ts's, or how long to wait when sending too fast. */
export function useRefusalText(): (error: unknown) => string {
  const { t } = useHelpdeskT();
  const { t: shared } = useTranslation();
  return useCallback(
    (error: unknown) => {
      const refusal = refusalOf(error);
      return refusal.kind === "rateLimited" ? t("rateLimited", { count: refusal.seconds }) : shared(refusal.key);
    },
    [t, shared],
  );
}
