import i18next from "i18next";
import { expect, it } from "vitest";
import { initI18n } from "@/lib/i18n";
import { describeNamespace, leaves, type Tree } from "@/lib/i18n-namespace.testing";
import { addNavigationStrings, NAVIGATION_NS, navigationResources } from "./navigation-i18n";

describeNamespace(NAVIGATION_NS, navigationResources, addNavigationStrings);

const others = Object.entries(navigationResources).filter(([language]) => language !== "en");

it("what a screen reader hears while dragging is said in each language", async () => {
  await initI18n("en");
  addNavigationStrings();
  const said = (lng: string) => i18next.t("drag.start", { ns: NAVIGATION_NS, lng, name: "Lobby", place: 2, count: 5 });
  expect(said("en")).toBe("Picked up “Lobby” at place 2 of 5.");
  expect(said("de")).toBe("„Lobby“ aufgenommen, an Stelle 2 von 5.");
  expect(new Set(["en", "de", "es", "fr", "it"].map(said)).size).toBe(5);
});

it("translates every validation message and the drag instructions", () => {
  const english = leaves(navigationResources.en.validation as unknown as Tree);
  for (const [language, strings] of others) {
    for (const [key, value] of leaves(strings.validation as unknown as Tree)) expect(value, `${language} ${key}`).not.toBe(english.get(key));
    expect(strings.drag.instructions, language).not.toBe(navigationResources.en.drag.instructions);
  }
});
