import type { Namespace } from "i18next";
import { expect, it } from "vitest";
import { describeNamespace, leaves } from "@/lib/i18n-namespace.testing";
import { addEngagementStrings, ENGAGEMENT_NS, engagementResources } from "./i18n";

// The namespace is not registered in lib/i18n.ts's types (see i18n.ts), hence the cast.
describeNamespace(ENGAGEMENT_NS as unknown as Namespace & string, engagementResources, addEngagementStrings);

it("translates every string (only a loan word may stay as in English)", () => {
  const english = leaves(engagementResources.en);
  const same = new Set(["it:booth"]);
  for (const [language, strings] of Object.entries(engagementResources)) {
    if (language === "en") continue;
    for (const [key, value] of leaves(strings)) if (!same.has(`${language}:${key}`)) expect(value, `${language} ${key}`).not.toBe(english.get(key));
  }
});
