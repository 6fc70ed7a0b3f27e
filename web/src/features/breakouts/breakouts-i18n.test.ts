import type { Namespace } from "i18next";
import { expect, it } from "vitest";
import { describeNamespace, leaves } from "@/lib/i18n-namespace.testing";
import { addBreakoutsStrings, BREAKOUTS_NS, breakoutsResources } from "./i18n";

// The namespace is not registered in lib/i18n.ts's types (see i18n.ts), hence the cast.
describeNamespace(BREAKOUTS_NS as unknown as Namespace & string, breakoutsResources, addBreakoutsStrings);

it("translates every string (only what reads the same in a language may stay as in English)", () => {
  const english = leaves(breakoutsResources.en);
  // "Passcode" is what Zoom calls it in Italian too.
  const same = new Set(["it:inside.password"]);
  for (const [language, strings] of Object.entries(breakoutsResources)) {
    if (language === "en") continue;
    for (const [key, value] of leaves(strings)) if (!same.has(`${language}:${key}`)) expect(value, `${language} ${key}`).not.toBe(english.get(key));
  }
});
