import type { Namespace } from "i18next";
import { expect, it } from "vitest";
import { describeNamespace, leaves } from "@/lib/i18n-namespace.testing";
import { addTreasureHuntManageStrings, TREASUREHUNT_MANAGE_NS, treasureHuntManageResources } from "./i18n";

// The namespace is not registered in lib/i18n.ts's types (see ../typed-t.ts), hence the cast.
describeNamespace(TREASUREHUNT_MANAGE_NS as unknown as Namespace & string, treasureHuntManageResources, addTreasureHuntManageStrings);

it("translates every string (only what reads the same in a language may stay as in English)", () => {
  const english = leaves(treasureHuntManageResources.en);
  // A date range is only its placeholders; "Name" is German too.
  const same = new Set(["hunts.range", "de:items.name", "de:itemForm.name", "de:board.name"]);
  for (const [language, strings] of Object.entries(treasureHuntManageResources)) {
    if (language === "en") continue;
    for (const [key, value] of leaves(strings)) if (!same.has(key) && !same.has(`${language}:${key}`)) expect(value, `${language} ${key}`).not.toBe(english.get(key));
  }
});
