import i18next from "i18next";
import { expect, it } from "vitest";
import { initI18n } from "@/lib/i18n";
import { describeNamespace, leaves, type Tree } from "@/lib/i18n-namespace.testing";
import { addLookStrings, LOOK_NS, lookResources } from "./look-i18n";
import { lookValidationKeys } from "./look-schema";

describeNamespace(LOOK_NS, lookResources, addLookStrings);

const others = Object.entries(lookResources).filter(([language]) => language !== "en");

it("has a message for every validation key the rules produce", () => {
  expect(Object.keys(lookResources.en.validation).sort()).toEqual([...lookValidationKeys].sort());
});

it("translates every validation message and every label", () => {
  for (const part of ["validation", "labels"] as const) {
    const english = leaves(lookResources.en[part] as unknown as Tree);
    for (const [, strings] of others) {
      for (const [key, value] of leaves(strings[part] as unknown as Tree)) {
        // "Chat", "Text" and the like may coincide; whole sentences must not.
        if (value.includes(" ")) expect(value, key).not.toBe(english.get(key));
      }
    }
  }
});

it("interpolates in every language", async () => {
  await initI18n("en");
  addLookStrings();
  expect(i18next.t("fonts.removeTitle", { ns: LOOK_NS, font: "Font 2", group: "Bold" })).toBe("Remove Font 2 of Bold?");
  expect(i18next.t("validation.fileTooLarge", { ns: LOOK_NS, size: "10 MB", lng: "de" })).toBe("Diese Datei ist zu groß: höchstens 10 MB.");
});
