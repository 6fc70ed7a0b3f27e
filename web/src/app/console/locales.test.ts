import { describe, expect, it } from "vitest";
import { consoleResources } from "./i18n";

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

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();
const english = leaves(consoleResources.en);
const others = Object.entries(consoleResources).filter(([lang]) => lang !== "en");

describe.each(others)("console strings, %s", (_lang, strings) => {
  const other = leaves(strings);
  it("has exactly the English keys, none empty", () => {
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of other) expect(value.trim(), key).not.toBe("");
  });
  it("keeps every placeholder", () => {
    for (const [key, value] of english) expect(placeholders(other.get(key) ?? ""), key).toEqual(placeholders(value));
  });
  it("translates the validation messages and the login", () => {
    for (const key of [...english.keys()].filter((k) => k.startsWith("validation.") || k.startsWith("login."))) {
      expect(other.get(key), key).not.toBe(english.get(key));
    }
  });
});
