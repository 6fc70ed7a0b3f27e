import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { initI18n } from "@/lib/i18n";
import { ACCESS_NS, accessResources, addAccessStrings } from "./access-i18n";

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
const english = leaves(accessResources.en);
const others = Object.entries(accessResources).filter(([language]) => language !== "en");

describe.each(others)("access strings in %s", (_lang, strings) => {
  const other = leaves(strings);
  it("has exactly the English keys, none empty, every placeholder kept", () => {
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of english) {
      expect((other.get(key) ?? "").trim(), key).not.toBe("");
      expect(placeholders(other.get(key) ?? ""), key).toEqual(placeholders(value));
    }
  });
});

it("the namespace is added once i18next runs, in every language, with plurals", async () => {
  await initI18n("en");
  addAccessStrings();
  addAccessStrings();
  for (const language of Object.keys(accessResources)) expect(i18next.hasResourceBundle(language, ACCESS_NS)).toBe(true);
  expect(i18next.t("total", { ns: ACCESS_NS, count: 1 })).toBe("1 entry");
  expect(i18next.t("total", { ns: ACCESS_NS, count: 2 })).toBe("2 entries");
  expect(i18next.t("total", { ns: ACCESS_NS, count: 0, lng: "fr" })).toBe("0 entrée");
  expect(i18next.t("total", { ns: ACCESS_NS, count: 5000, lng: "it" })).toBe("5000 voci");
});
