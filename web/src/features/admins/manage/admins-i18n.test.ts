import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { initI18n } from "@/lib/i18n";
import { ADMINS_NS, addAdminsStrings, adminsResources } from "./admins-i18n";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const english = leaves(adminsResources.en);
const others = Object.entries(adminsResources).filter(([language]) => language !== "en");

describe.each(others)("admins strings in %s", (_lang, strings) => {
  const other = leaves(strings);
  it("has exactly the English keys, none empty, every placeholder kept", () => {
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of english) {
      expect((other.get(key) ?? "").trim(), key).not.toBe("");
      expect(placeholders(other.get(key) ?? ""), key).toEqual(placeholders(value));
    }
  });
  it("translates the messages a person acts on", () => {
    for (const key of [...english.keys()].filter((k) => k.startsWith("validation.") || k.startsWith("invite.") || k.startsWith("removeDialog."))) {
      expect(other.get(key), key).not.toBe(english.get(key));
    }
  });
});

it("the namespace is added once i18next runs, in every language, with plurals", async () => {
  await initI18n("en");
  addAdminsStrings();
  addAdminsStrings();
  for (const language of Object.keys(adminsResources)) expect(i18next.hasResourceBundle(language, ADMINS_NS)).toBe(true);
  expect(i18next.t("resendLimitSender", { ns: ADMINS_NS, count: 1 })).toMatch(/in 1 minute\.$/);
  expect(i18next.t("resendLimitSender", { ns: ADMINS_NS, count: 25 })).toMatch(/in 25 minutes\.$/);
  expect(i18next.t("resendLimitSender", { ns: ADMINS_NS, count: 25, lng: "de" })).toMatch(/In 25 Minuten/);
});
