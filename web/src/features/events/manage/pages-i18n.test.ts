import i18next from "i18next";
import { expect, it } from "vitest";
import { initI18n } from "@/lib/i18n";
import { describeNamespace, leaves, type Tree } from "@/lib/i18n-namespace.testing";
import { PAGES_NS, pagesResources, addPagesStrings } from "./pages-i18n";

describeNamespace(PAGES_NS, pagesResources, addPagesStrings);

const others = Object.entries(pagesResources).filter(([language]) => language !== "en");

it("strings interpolate in every language", async () => {
  await initI18n("en");
  addPagesStrings();
  expect(i18next.t("faq.title", { ns: PAGES_NS })).toBe("FAQ");
  expect(i18next.t("validation.fileTooLarge", { ns: PAGES_NS, size: "10 MB", lng: "de" })).toBe("Diese Datei ist zu groß: höchstens 10 MB.");
});

it("translates every validation message", () => {
  for (const [, strings] of others) {
    for (const [key, value] of leaves(strings.validation as unknown as Tree)) expect(value, key).not.toBe(leaves(pagesResources.en.validation as unknown as Tree).get(key));
  }
});
