import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { initI18n } from "@/lib/i18n";
import { describeNamespace, leaves, type Tree } from "@/lib/i18n-namespace.testing";
import { addIdentityManageStrings, IDENTITY_MANAGE_NS, identityManageResources } from "./identity-manage-i18n";
import { providerValidationKeys } from "./provider-schema";

// The namespace is not registered in lib/i18n.ts's types (identity-manage-i18n.ts says why).
describeNamespace(IDENTITY_MANAGE_NS as never, identityManageResources, addIdentityManageStrings);

const english = leaves(identityManageResources.en);
const others = Object.entries(identityManageResources).filter(([language]) => language !== "en");

it("has a message for every validation key", () => {
  const messages = leaves(identityManageResources.en.validation as unknown as Tree);
  for (const key of providerValidationKeys) expect(messages.has(key), key).toBe(true);
});

describe.each(others)("identityManage strings in %s", (_language, strings) => {
  const other = leaves(strings);
  it("translates what a person acts on: validation, warnings, confirmations", () => {
    const acted = [...english.keys()].filter((k) => /^(validation|delete|handoff\.(rotate|shownOnce))/.test(k) && !/^handoff\.(issuer|audience)$/.test(k));
    for (const key of acted) expect(other.get(key), key).not.toBe(english.get(key));
  });
});

it("counts events in each language's plural forms", async () => {
  await initI18n("en");
  addIdentityManageStrings();
  const t = (lng: string) => i18next.getFixedT(lng, IDENTITY_MANAGE_NS as never) as unknown as (key: string, options: object) => string;
  expect(t("en")("list.someEvents", { count: 1 })).toBe("1 event");
  expect(t("en")("list.someEvents", { count: 3 })).toBe("3 events");
  expect(t("fr")("list.someEvents", { count: 3 })).toBe("3 événements");
});
