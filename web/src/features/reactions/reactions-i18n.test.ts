import type { Namespace } from "i18next";
import { expect, it } from "vitest";
import { describeNamespace, leaves } from "@/lib/i18n-namespace.testing";
import { addReactionsStrings, REACTIONS_NS, reactionsResources } from "./i18n";

// The namespace is not registered in lib/i18n.ts's types (see i18n.ts), hence the cast.
describeNamespace(REACTIONS_NS as unknown as Namespace & string, reactionsResources, addReactionsStrings);

it("translates every string (only what reads the same in a language may stay as in English)", () => {
  const english = leaves(reactionsResources.en);
  const same = new Set(["summaryItem"]);
  for (const [language, strings] of Object.entries(reactionsResources)) {
    if (language === "en") continue;
    for (const [key, value] of leaves(strings)) if (!same.has(key)) expect(value, `${language} ${key}`).not.toBe(english.get(key));
  }
});
