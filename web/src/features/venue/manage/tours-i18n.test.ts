import i18next from "i18next";
import { expect, it } from "vitest";
import { initI18n } from "@/lib/i18n";
import { describeNamespace, leaves, type Tree } from "@/lib/i18n-namespace.testing";
import { addToursStrings, TOURS_NS, toursResources } from "./tours-i18n";

describeNamespace(TOURS_NS, toursResources, addToursStrings);

it("interpolates and counts in the namespace, apart from the attendee app's venue strings", async () => {
  await initI18n("en");
  addToursStrings();
  expect(i18next.t("panos.option", { ns: TOURS_NS, name: "Campus", count: 1 })).toBe("Campus (1 version)");
  expect(i18next.t("panos.option", { ns: TOURS_NS, name: "Campus", count: 3, lng: "de" })).toBe("Campus (3 Versionen)");
  expect(i18next.t("upload.entry", { ns: TOURS_NS, entry: "images/hall.png", lng: "fr" })).toBe("Entrée du zip en cause : images/hall.png");
  // The attendee app's "venue" strings stay what they were.
  expect(i18next.t("venue.goTo", { room: "Hall" })).toBe("Go to Hall");
});

it("translates every refusal of a chosen file", () => {
  const english = leaves(toursResources.en.upload.problems as unknown as Tree);
  for (const [language, strings] of Object.entries(toursResources)) {
    if (language === "en") continue;
    for (const [key, value] of leaves(strings.upload.problems as unknown as Tree)) expect(value, `${language} ${key}`).not.toBe(english.get(key));
  }
});
