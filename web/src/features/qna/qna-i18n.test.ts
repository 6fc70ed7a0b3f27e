import type { Namespace } from "i18next";
import { expect, it } from "vitest";
import { describeNamespace, leaves } from "@/lib/i18n-namespace.testing";
import { addQnaStrings, QNA_NS, qnaResources } from "./i18n";

// The namespace is not registered in lib/i18n.ts's types (see i18n.ts), hence the cast.
describeNamespace(QNA_NS as unknown as Namespace & string, qnaResources, addQnaStrings);

it("translates every string (only what reads the same in a language may stay as in English)", () => {
  const english = leaves(qnaResources.en);
  const same = new Set(["heading", "list"]);
  for (const [language, strings] of Object.entries(qnaResources)) {
    if (language === "en") continue;
    for (const [key, value] of leaves(strings)) if (!same.has(key)) expect(value, `${language} ${key}`).not.toBe(english.get(key));
  }
});
