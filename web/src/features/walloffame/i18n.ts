/**
 * The Wall of Fame's strings: the `walloffame` namespace in all five languages, kept beside the
 * feature (`./locales/<lang>.ts`) and added to i18next when a Wall of Fame chunk loads (the
 * attendee's page, the console's section), so neither the login route nor the venue frame's own
 * chunk carries them. Refusals without a code of this module stay in the default namespace
 * (`lib/errors.ts`).
 *
 * Not registered in lib/i18n.ts's `CustomTypeOptions` (as with `helpdesk`): `useWallT` gives a
 * re-rendering `t` whose keys are typed from the English file.
 */
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { addNamespace } from "@/lib/i18n-namespace";
import { MAX_PICTURES } from "./api";
import { refusalOf } from "./errors";
import de from "./locales/de";
import en from "./locales/en";
import es from "./locales/es";
import fr from "./locales/fr";
import it from "./locales/it";

export const WALL_NS = "walloffame";

export const wallResources = { en, de, es, fr, it } as const;

export function addWallStrings(): void {
  addNamespace(WALL_NS, wallResources);
}

/** Dotted keys of a strings tree; plural forms (`x_one`, `x_other`) are asked for as `x`. */
type Keys<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K extends `${infer B}_${"one" | "other"}` ? B : K}` : Keys<T[K], `${P}${K}.`>;
}[keyof T & string];

export type WallKey = Keys<typeof en>;
export type WallT = (key: WallKey, values?: Readonly<Record<string, string | number>>) => string;

type Untyped = (key: string, options?: Readonly<Record<string, string | number>>) => string;

/** `t` of the namespace and the language; re-renders when the language changes. */
export function useWallT(): { t: WallT; language: string } {
  addWallStrings();
  const { i18n } = useTranslation();
  const language = i18n.language;
  const t = useMemo<WallT>(() => {
    // i18next's `getFixedT` is typed for registered namespaces only; `WallKey` checks the keys instead.
    const fixed = (i18n as unknown as { getFixedT: (lng: string, ns: string) => Untyped }).getFixedT(language, WALL_NS);
    return (key, values) => fixed(key, values);
  }, [i18n, language]);
  return { t, language };
}

/** The sentence a refused call shows: this module's own for its codes, lib/errors.ts's otherwise. */
export function useRefusalText(): (error: unknown) => string {
  const { t } = useWallT();
  const { t: shared } = useTranslation();
  return useCallback(
    (error: unknown) => {
      const refusal = refusalOf(error);
      return refusal.kind === "own" ? t(`refusals.${refusal.key}`, { max: MAX_PICTURES }) : shared(refusal.key);
    },
    [t, shared],
  );
}
