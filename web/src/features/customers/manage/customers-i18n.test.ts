import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { initI18n } from "@/lib/i18n";
import { describeNamespace, leaves, type Tree } from "@/lib/i18n-namespace.testing";
import { addCustomersManageStrings, CUSTOMERS_MANAGE_NS, customersManageResources } from "./customers-i18n";
import { customerValidationKeys } from "./schema";

// The namespace is not registered in lib/i18n.ts's types (customers-i18n.ts says why).
describeNamespace(CUSTOMERS_MANAGE_NS as never, customersManageResources, addCustomersManageStrings);

const english = leaves(customersManageResources.en);

describe.each(Object.entries(customersManageResources).filter(([lang]) => lang !== "en"))("customersManage in %s", (_lang, strings) => {
  const other = leaves(strings as unknown as Tree);
  it("translates what a person acts on: validation, the disable question, the set-password page", () => {
    for (const key of [...english.keys()].filter((k) => /^(validation|disableDialog|setPassword)\./.test(k))) {
      expect(other.get(key), key).not.toBe(english.get(key));
    }
  });
});

it("has a message for every validation key", () => {
  for (const key of customerValidationKeys) expect(english.has(`validation.${key}`), key).toBe(true);
});

it("is read in the chosen language", async () => {
  await initI18n("en");
  addCustomersManageStrings();
  const t = i18next.getFixedT("fr", CUSTOMERS_MANAGE_NS as never) as unknown as (key: string, options: object) => string;
  expect(t("disableDialog.title", { name: "Acme" })).toBe("Désactiver « Acme » ?");
});
