import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { PREPUBLISH_CODES, PREPUBLISH_PARAMS } from "@/lib/generated/prepublish-codes";
import { initI18n } from "@/lib/i18n";
import { addPrepublishStrings, PREPUBLISH_NS, prepublishResources } from "./prepublish-i18n";

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

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? "").sort();
const english = leaves(prepublishResources.en as unknown as Tree);
const others = Object.entries(prepublishResources).filter(([language]) => language !== "en");

describe("the English messages", () => {
  // Iterates the generated list: a code the server adds fails here until it has a message.
  it.each(PREPUBLISH_CODES)("%s has a message using only its declared params", (code) => {
    const message = english.get(`codes.${code}`);
    expect(message, code).toBeDefined();
    expect(message?.trim(), code).not.toBe("");
    for (const name of placeholders(message ?? "")) expect(PREPUBLISH_PARAMS[code], `${code}: {{${name}}}`).toContain(name);
  });

  it("has no message for a code the server does not send", () => {
    const codes = [...english.keys()].filter((k) => k.startsWith("codes.")).map((k) => k.slice("codes.".length));
    expect(codes.sort()).toEqual([...PREPUBLISH_CODES].sort());
  });
});

describe.each(others)("prepublish strings in %s", (_lang, strings) => {
  const other = leaves(strings as unknown as Tree);
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
  addPrepublishStrings();
  addPrepublishStrings();
  for (const language of Object.keys(prepublishResources)) expect(i18next.hasResourceBundle(language, PREPUBLISH_NS)).toBe(true);
  expect(i18next.t("errors", { ns: PREPUBLISH_NS, count: 1 })).toBe("1 error");
  expect(i18next.t("warnings", { ns: PREPUBLISH_NS, count: 3, lng: "de" })).toBe("3 Warnungen");
});
