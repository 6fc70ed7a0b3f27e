import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { initI18n } from "@/lib/i18n";
import { PAGES_NS, pagesResources, addPagesStrings } from "./pages-i18n";

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
const english = leaves(pagesResources.en);
const others = Object.entries(pagesResources).filter(([language]) => language !== "en");

describe.each(others)("pages strings in %s", (_lang, strings) => {
  const other = leaves(strings);
  it("has exactly the English keys, none empty, every placeholder kept", () => {
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of english) {
      expect((other.get(key) ?? "").trim(), key).not.toBe("");
      expect(placeholders(other.get(key) ?? ""), key).toEqual(placeholders(value));
    }
  });
});

it("the namespace is added once i18next runs, in every language", async () => {
  await initI18n("en");
  addPagesStrings();
  addPagesStrings();
  for (const language of Object.keys(pagesResources)) expect(i18next.hasResourceBundle(language, PAGES_NS)).toBe(true);
  expect(i18next.t("faq.title", { ns: PAGES_NS })).toBe("FAQ");
  expect(i18next.t("validation.fileTooLarge", { ns: PAGES_NS, size: "10 MB", lng: "de" })).toBe("Diese Datei ist zu groß: höchstens 10 MB.");
});

it("translates every validation message", () => {
  for (const [, strings] of others) {
    for (const [key, value] of leaves(strings.validation as unknown as Tree)) expect(value, key).not.toBe(leaves(pagesResources.en.validation as unknown as Tree).get(key));
  }
});
