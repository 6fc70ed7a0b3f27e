import type { Namespace } from "i18next";
import { expect, it } from "vitest";
import { describeNamespace, leaves } from "@/lib/i18n-namespace.testing";
import { addTreasureHuntStrings, TREASUREHUNT_NS, treasureHuntResources } from "./i18n";

// The namespace is not registered in lib/i18n.ts's types (see typed-t.ts), hence the cast.
describeNamespace(TREASUREHUNT_NS as unknown as Namespace & string, treasureHuntResources, addTreasureHuntStrings);

it("translates every string (only what reads the same in a language may stay as in English)", () => {
  const english = leaves(treasureHuntResources.en);
  // French shares "score" and "point(s)" with English.
  const same = new Set(["fr:board.score", "fr:board.points_one", "fr:board.points_other"]);
  for (const [language, strings] of Object.entries(treasureHuntResources)) {
    if (language === "en") continue;
    for (const [key, value] of leaves(strings)) if (!same.has(`${language}:${key}`)) expect(value, `${language} ${key}`).not.toBe(english.get(key));
  }
});
