/**
 * A `t` typed by a namespace's English file, for the hunt's two namespaces (`treasurehunt` in the
 * venue, `treasurehuntManage` in the console). Neither is registered in lib/i18n.ts's
 * `CustomTypeOptions` (a foundation file this feature does not own), so react-i18next's `t`
 * cannot check their keys; this one does, and re-renders when the language changes.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { addNamespace, type NamespaceResources } from "@/lib/i18n-namespace";

/** Dotted keys of a strings tree; plural forms (`x_one`, `x_other`) are asked for as `x`. */
export type Keys<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K extends `${infer B}_${"one" | "other"}` ? B : K}` : Keys<T[K], `${P}${K}.`>;
}[keyof T & string];

export type Values = Readonly<Record<string, string | number>>;
export type TypedT<K extends string> = (key: K, values?: Values) => string;

type Untyped = (key: string, options?: Values) => string;

/** `t` of `ns` in the current language; the namespace is added on first use (idempotent). */
export function useNamespaceT<T extends object>(ns: string, resources: NamespaceResources<T>): TypedT<Keys<T>> {
  addNamespace(ns, resources);
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    // i18next's `getFixedT` is typed for registered namespaces only; `Keys<T>` checks the keys instead.
    const fixed = (i18n as unknown as { getFixedT: (lng: string, ns: string) => Untyped }).getFixedT(language, ns);
    return (key, values) => fixed(key, values);
  }, [i18n, language, ns]);
}
