import type { Namespace } from "i18next";
import { expect, it } from "vitest";
import { describeNamespace, leaves } from "@/lib/i18n-namespace.testing";
import { addBreakoutsManageStrings, BREAKOUTS_MANAGE_NS, breakoutsManageResources } from "./breakouts-manage-i18n";

// The namespace is not registered in lib/i18n.ts's types (see breakouts-manage-i18n.ts), hence the cast.
describeNamespace(BREAKOUTS_MANAGE_NS as unknown as Namespace & string, breakoutsManageResources, addBreakoutsManageStrings);

it("translates every string (product names and words that read the same may stay as in English)", () => {
  const english = leaves(breakoutsManageResources.en);
  const same = new Set(["calls.Jitsi", "calls.BigBlueButton", "form.name", "broadcast.label", "list.actions"]);
  for (const [language, strings] of Object.entries(breakoutsManageResources)) {
    if (language === "en") continue;
    for (const [key, value] of leaves(strings)) if (!same.has(key)) expect(value, `${language} ${key}`).not.toBe(english.get(key));
  }
});
