/**
 * The customer screens' strings: the `customersManage` namespace in all five languages
 * (`locales/<lang>/customersManage.ts`), added to i18next when a screen's chunk loads, so the
 * attendee app never carries them.
 *
 * lib/i18n.ts's `CustomTypeOptions` (the app's foundation) does not list this namespace, so
 * react-i18next's `t` cannot check its keys: `useCustomersT` is a `t` whose keys are the English
 * file's dotted paths, so a misspelt key is still a type error.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/customersManage";
import en from "@/locales/en/customersManage";
import es from "@/locales/es/customersManage";
import fr from "@/locales/fr/customersManage";
import it from "@/locales/it/customersManage";

export const CUSTOMERS_MANAGE_NS = "customersManage";

export const customersManageResources = { en, de, es, fr, it } as const;

export function addCustomersManageStrings(): void {
  addNamespace(CUSTOMERS_MANAGE_NS, customersManageResources);
}

/** Every leaf of a strings object as `a.b.c`. */
type DottedKeys<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : DottedKeys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type CustomersKey = DottedKeys<typeof en>;
export type CustomersT = (key: CustomersKey, values?: Record<string, string | number>) => string;

type LooseT = (key: string, values?: Record<string, string | number>) => string;

export function useCustomersT(): CustomersT {
  addCustomersManageStrings();
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    // The namespace is unknown to i18next's types (see above): typed here instead.
    const loose = i18n as unknown as { getFixedT: (lng: string, ns: string) => LooseT };
    const fixed = loose.getFixedT(language, CUSTOMERS_MANAGE_NS);
    return (key, values) => fixed(key, values);
  }, [i18n, language]);
}
