/**
 * The Q&A section's strings: the `qnaManage` namespace in all five languages
 * (`locales/<lang>/qnaManage.ts`; `qna` is left to the attendee side), added to i18next when
 * the screen's chunk loads, so the attendee app never carries them.
 *
 * The namespace is not in lib/i18n.ts's `CustomTypeOptions` (a foundation file this section does
 * not own), so react-i18next's `t` cannot check its keys; `useQnaT` gives a `t` typed by the
 * English file instead, as the Media and Schedule sections do.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { addNamespace } from "@/lib/i18n-namespace";
import de from "@/locales/de/qnaManage";
import en from "@/locales/en/qnaManage";
import es from "@/locales/es/qnaManage";
import fr from "@/locales/fr/qnaManage";
import it from "@/locales/it/qnaManage";

export const QNA_MANAGE_NS = "qnaManage";

export const qnaManageResources = { en, de, es, fr, it } as const;

export function addQnaManageStrings(): void {
  addNamespace(QNA_MANAGE_NS, qnaManageResources);
}

/** Dotted keys of a strings tree; plural forms (`x_one`, `x_other`) are asked for as `x`. */
type Keys<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K extends `${infer B}_${"one" | "other"}` ? B : K}` : Keys<T[K], `${P}${K}.`>;
}[keyof T & string];

export type QnaKey = Keys<typeof en>;
export type QnaValues = Record<string, string | number>;
export type QnaT = (key: QnaKey, values?: QnaValues) => string;

type Untyped = (key: string, options?: QnaValues) => string;

/** `t` for the `qnaManage` namespace in the current language (re-rendering when it changes). */
export function useQnaT(): QnaT {
  addQnaManageStrings();
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const fixed = (i18n as unknown as { getFixedT: (lng: string, ns: string) => Untyped }).getFixedT(language, QNA_MANAGE_NS);
    return (key, values) => fixed(key, values);
  }, [i18n, language]);
}
