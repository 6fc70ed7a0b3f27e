import i18next from "i18next";
import { expect, it } from "vitest";
import { initI18n } from "@/lib/i18n";
import { describeNamespace } from "@/lib/i18n-namespace.testing";
import { ACCESS_NS, accessResources, addAccessStrings } from "./access-i18n";

describeNamespace(ACCESS_NS, accessResources, addAccessStrings);

it("plural forms follow each language", async () => {
  await initI18n("en");
  addAccessStrings();
  expect(i18next.t("total", { ns: ACCESS_NS, count: 1 })).toBe("1 entry");
  expect(i18next.t("total", { ns: ACCESS_NS, count: 2 })).toBe("2 entries");
  expect(i18next.t("total", { ns: ACCESS_NS, count: 0, lng: "fr" })).toBe("0 entrée");
  expect(i18next.t("total", { ns: ACCESS_NS, count: 5000, lng: "it" })).toBe("5000 voci");
});
