import type { Namespace } from "i18next";
import { expect, it } from "vitest";
import { describeNamespace, leaves } from "@/lib/i18n-namespace.testing";
import { addPollsStrings, POLLS_NS, pollsResources } from "./i18n";

// The namespace is not registered in lib/i18n.ts's types (see i18n.ts), hence the cast.
describeNamespace(POLLS_NS as unknown as Namespace & string, pollsResources, addPollsStrings);

it("translates every string (only what reads the same in a language may stay as in English)", () => {
  const english = leaves(pollsResources.en);
  const same = new Set(["results.value_one", "results.value_other", "ballot.ownAnswer"]);
  for (const [language, strings] of Object.entries(pollsResources)) {
    if (language === "en") continue;
    for (const [key, value] of leaves(strings)) if (!same.has(key)) expect(value, `${language} ${key}`).not.toBe(english.get(key));
  }
});
