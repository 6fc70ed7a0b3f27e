/**
 * The agenda's strings: the `agenda` namespace in all five languages (`locales/<lang>/agenda.ts`),
 * added to i18next when this feature's chunk loads, so the login route never carries them.
 *
 * `useAgendaT` gives a translator typed by the English file's keys. It does not go through
 * `useTranslation("agenda")` because the namespace is not (yet) registered in lib/i18n.ts's
 * `CustomTypeOptions`, which would type the keys; until it is, this is the one place that
 * bridges the untyped namespace to typed keys.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageKey } from "@/lib/errors";
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/agenda";
import en from "@/locales/en/agenda";
import es from "@/locales/es/agenda";
import fr from "@/locales/fr/agenda";
import it from "@/locales/it/agenda";

export const AGENDA_NS = "agenda";

export const agendaResources = { en, de, es, fr, it } as const;

export function addAgendaStrings(): void {
  addNamespace(AGENDA_NS, agendaResources);
}

/** Every dotted key of a nested strings object ("session.watch"). */
type Keys<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Keys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type AgendaKey = Keys<typeof en>;
export type AgendaT = (key: AgendaKey, values?: Record<string, string | number>) => string;

interface Translators {
  t: AgendaT;
  /** The default namespace's translator, for the shared error texts (`errorText`). */
  errorText: (error: unknown) => string;
  language: string;
}

export function useAgendaT(): Translators {
  addAgendaStrings();
  // useTranslation subscribes to language changes, so the memo below is rebuilt on a switch.
  const { t: tDefault, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    // The one untyped step: i18next types namespaces from CustomTypeOptions, which lacks `agenda`.
    const fixedT = i18n.getFixedT.bind(i18n) as unknown as (lng: string, ns: string) => (key: string, values?: Record<string, string | number>) => string;
    const fixed = fixedT(language, AGENDA_NS);
    return {
      t: (key, values) => fixed(key, values),
      errorText: (error) => tDefault(errorMessageKey(error)),
      language,
    };
  }, [i18n, language, tDefault]);
}
