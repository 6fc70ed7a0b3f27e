/**
 * The Q&A strings: the `qna` namespace in all five languages (`locales/<lang>/qna.ts`),
 * added to i18next when the venue's page chunk (which mounts the session player) loads, so the
 * login route never carries them.
 *
 * The namespace is not registered in lib/i18n.ts's `CustomTypeOptions` (as with `media` and
 * `agenda`), so `useQnaT` gives a re-rendering `t` with keys typed from the English file.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/qna";
import en from "@/locales/en/qna";
import es from "@/locales/es/qna";
import fr from "@/locales/fr/qna";
import it from "@/locales/it/qna";

export const QNA_NS = "qna";

export const qnaResources = { en, de, es, fr, it } as const;

export function addQnaStrings(): void {
  addNamespace(QNA_NS, qnaResources);
}

/** Plural keys are asked for without their suffix (i18next picks `_one` / `_other` by `count`). */
type Unplural<K extends string> = K extends `${infer Base}_${"one" | "other"}` ? Base : K;
type Keys<T> = { [K in keyof T & string]: T[K] extends string ? Unplural<K> : `${K}.${Keys<T[K]>}` }[keyof T & string];
export type QnaKey = Keys<typeof en>;

export type QnaT = (key: QnaKey, values?: Readonly<Record<string, string | number>>) => string;

/** `t` of the qna namespace and the language; re-renders when the language changes. */
export function useQnaT(): { t: QnaT; language: string } {
  addQnaStrings();
  const { i18n } = useTranslation();
  const language = i18n.language;
  const t = useMemo<QnaT>(() => {
    // i18next's `t` is typed for registered namespaces only; `QnaKey` checks the keys instead.
    const translate = i18n.t.bind(i18n) as unknown as (key: string, options: object) => string;
    return (key, values) => translate(key, { ...values, ns: QNA_NS, lng: language });
  }, [i18n, language]);
  return { t, language };
}
