import { describe, expect, it } from "vitest";
import de from "./de";
import en from "./en";
import es from "./es";
import fr from "./fr";
import it_ from "./it";

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
const english = leaves(en);

describe.each([["de", de], ["es", es], ["fr", fr], ["it", it_]])("%s", (_lang, translation) => {
  const other = leaves(translation);
  it("has exactly the English keys, none empty", () => {
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of other) expect(value.trim(), key).not.toBe("");
  });
  it("keeps every placeholder and tag", () => {
    for (const [key, value] of english) expect(placeholders(other.get(key) ?? ""), key).toEqual(placeholders(value));
  });
  it("translates the validation messages", () => {
    for (const key of Object.keys(en.validation) as (keyof typeof en.validation)[]) {
      expect(translation.validation[key], key).not.toBe(en.validation[key]);
    }
  });
});

it("English carries the spec's texts word for word", () => {
  expect(en.errors.loginFailed).toBe("Check your email/password and try again");
  expect(en.newPassword.expiredTitle).toBe("Password Reset Link Expired");
  expect(en.accessDenied.title).toBe("Access Denied");
  expect(en.errors.mediaExpiredTitle).toBe("Please Reload");
  expect(en.errors.themeFailed).toBe("Failed to fetch theme");
});
