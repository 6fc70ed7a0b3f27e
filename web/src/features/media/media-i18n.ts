/**
 * The media screens' strings: the `media` namespace in all five languages (`locales/<lang>/media.ts`),
 * added to i18next when this feature's chunk loads, so the login route never carries them.
 *
 * The namespace is not (yet) registered in lib/i18n.ts's `CustomTypeOptions`, so
 * `useTranslation("media")` would not type-check; `useMediaT` gives the same re-rendering `t`
 * with keys typed from the English file instead.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/media";
import en from "@/locales/en/media";
import es from "@/locales/es/media";
import fr from "@/locales/fr/media";
import it from "@/locales/it/media";

export const MEDIA_NS = "media";

export const mediaResources = { en, de, es, fr, it } as const;

export function addMediaStrings(): void {
  addNamespace(MEDIA_NS, mediaResources);
}

// Before i18next runs this does nothing; the components call it again when they render.
addMediaStrings();

/** "player.errors.network" and the like: every string's dotted key. */
type Keys<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Keys<T[K]>}` }[keyof T & string];
export type MediaKey = Keys<typeof en>;

export type MediaT = (key: MediaKey, values?: Readonly<Record<string, string | number>>) => string;

/** `t` of the media namespace, and the language (it re-renders when the language changes). */
export function useMediaT(): { t: MediaT; language: string } {
  addMediaStrings();
  const { i18n } = useTranslation();
  const language = i18n.language;
  const t = useMemo<MediaT>(() => {
    // i18next's `t` is typed for the registered namespaces only; `MediaKey` checks the keys instead.
    const translate = i18n.t.bind(i18n) as unknown as (key: string, options: object) => string;
    return (key, values) => translate(key, { ...values, ns: MEDIA_NS, lng: language });
  }, [i18n, language]);
  return { t, language };
}
