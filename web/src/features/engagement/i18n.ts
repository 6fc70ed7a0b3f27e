/**
 * The engagement island's strings: the `engagement` namespace in five languages
 * (`locales/<lang>/engagement.ts`), added when the page's chunk loads, so neither the login route
 * nor the venue frame carries them. Not registered in lib/i18n.ts's types (like `helpdesk`):
 * `useEngagementT` gives a `t` whose keys are typed from the English file.
 */
import i18next from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/engagement";
import en from "@/locales/en/engagement";
import es from "@/locales/es/engagement";
import fr from "@/locales/fr/engagement";
import it from "@/locales/it/engagement";

export const ENGAGEMENT_NS = "engagement";
export const engagementResources = { en, de, es, fr, it } as const;

export function addEngagementStrings(): void {
  addNamespace(ENGAGEMENT_NS, engagementResources);
}

export type EngagementKey = keyof typeof en;
export type EngagementT = (key: EngagementKey, values?: Readonly<Record<string, string | number>>) => string;
type Untyped = (key: string, options?: Readonly<Record<string, string | number>>) => string;

export function useEngagementT(): EngagementT {
  addEngagementStrings();
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    // `getFixedT` is typed for registered namespaces only; `EngagementKey` checks the keys instead.
    const fixed = (i18next as unknown as { getFixedT: (lng: string, ns: string) => Untyped }).getFixedT(language, ENGAGEMENT_NS);
    return (key, values) => fixed(key, values);
  }, [language]);
}
