/**
 * The Sign-in screen's strings: the `identityManage` namespace in all five languages
 * (`locales/<lang>/identityManage.ts`), added to i18next when the screen's chunk loads, so the
 * attendee app never carries them.
 *
 * The namespace is not in lib/i18n.ts's `CustomTypeOptions` (a foundation file this screen does
 * not own), so react-i18next's `t` cannot check its keys; `useIdentityT` gives a `t` typed by the
 * English file instead, as the Polls section's `usePollsT` does.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/identityManage";
import en from "@/locales/en/identityManage";
import es from "@/locales/es/identityManage";
import fr from "@/locales/fr/identityManage";
import it from "@/locales/it/identityManage";

export const IDENTITY_MANAGE_NS = "identityManage";

export const identityManageResources = { en, de, es, fr, it } as const;

export function addIdentityManageStrings(): void {
  addNamespace(IDENTITY_MANAGE_NS, identityManageResources);
}

/** Dotted keys of a strings tree; plural forms (`x_one`, `x_other`) are asked for as `x`. */
type Keys<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K extends `${infer B}_${"one" | "other"}` ? B : K}` : Keys<T[K], `${P}${K}.`>;
}[keyof T & string];

export type IdentityKey = Keys<typeof en>;
export type IdentityValues = Record<string, string | number>;
export type IdentityT = (key: IdentityKey, values?: IdentityValues) => string;

type Untyped = (key: string, options?: IdentityValues) => string;

/** `t` for the `identityManage` namespace in the current language (re-rendering when it changes). */
export function useIdentityT(): IdentityT {
  addIdentityManageStrings();
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const fixed = (i18n as unknown as { getFixedT: (lng: string, ns: string) => Untyped }).getFixedT(language, IDENTITY_MANAGE_NS);
    return (key, values) => fixed(key, values);
  }, [i18n, language]);
}
