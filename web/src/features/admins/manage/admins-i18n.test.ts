import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { initI18n } from "@/lib/i18n";
import { describeNamespace, leaves } from "@/lib/i18n-namespace.testing";
import { ADMINS_NS, addAdminsStrings, adminsResources } from "./admins-i18n";

describeNamespace(ADMINS_NS, adminsResources, addAdminsStrings);

const english = leaves(adminsResources.en);
const others = Object.entries(adminsResources).filter(([language]) => language !== "en");

describe.each(others)("admins strings in %s", (_lang, strings) => {
  const other = leaves(strings);
  it("translates the messages a person acts on", () => {
    for (const key of [...english.keys()].filter((k) => k.startsWith("validation.") || k.startsWith("invite.") || k.startsWith("removeDialog."))) {
      expect(other.get(key), key).not.toBe(english.get(key));
    }
  });
});

it("plural forms follow each language", async () => {
  await initI18n("en");
  addAdminsStrings();
  expect(i18next.t("resendLimitSender", { ns: ADMINS_NS, count: 1 })).toMatch(/in 1 minute\.$/);
  expect(i18next.t("resendLimitSender", { ns: ADMINS_NS, count: 25 })).toMatch(/in 25 minutes\.$/);
  expect(i18next.t("resendLimitSender", { ns: ADMINS_NS, count: 25, lng: "de" })).toMatch(/In 25 Minuten/);
});
