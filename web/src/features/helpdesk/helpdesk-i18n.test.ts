import type { Namespace } from "i18next";
import { expect, it } from "vitest";
import { describeNamespace, leaves } from "@/lib/i18n-namespace.testing";
import { addHelpdeskStrings, HELPDESK_NS, helpdeskResources } from "./i18n";

// The namespace is not registered in lib/i18n.ts's types (see i18n.ts), hence the cast.
describeNamespace(HELPDESK_NS as unknown as Namespace & string, helpdeskResources, addHelpdeskStrings);

it("translates every string (only what reads the same in a language may stay as in English)", () => {
  const english = leaves(helpdeskResources.en);
  // Units written the same way, and words these languages share with English.
  const same = new Set([
    "es:duration.minutes",
    "es:duration.hours",
    "es:duration.days",
    "fr:duration.minutes",
    "fr:duration.hours",
    "it:duration.minutes",
    "it:duration.hours",
    "de:conversation.state",
    "fr:agents.title",
  ]);
  for (const [language, strings] of Object.entries(helpdeskResources)) {
    if (language === "en") continue;
    for (const [key, value] of leaves(strings)) if (!same.has(`${language}:${key}`)) expect(value, `${language} ${key}`).not.toBe(english.get(key));
  }
});
