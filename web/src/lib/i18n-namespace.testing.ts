/**
 * The checks every namespace's strings get: each language has exactly the English keys, none
 * empty, every `{{placeholder}}` and `<tag>` kept; and the namespace is added (idempotently) once i18next runs.
 * A namespace's test calls `describeNamespace` and adds what is particular to it.
 */
import i18next, { type Namespace } from "i18next";
import { describe, expect, it } from "vitest";
import { initI18n } from "./i18n";
import type { NamespaceResources } from "./i18n-namespace";

export type Tree = { [key: string]: string | Tree };

/** Every string of a nested strings object, by its dotted key. */
export function leaves(tree: object, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else if (value && typeof value === "object") for (const [k, v] of leaves(value as object, path)) out.set(k, v);
  }
  return out;
}

/** The `{{names}}` a string interpolates and the `<tags>` a `Trans` fills, sorted. */
export const placeholders = (s: string): string[] =>
  [...s.matchAll(/\{\{(\w+)\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[2] ?? "").sort();

export function describeNamespace<T extends object>(ns: Namespace & string, resources: NamespaceResources<T>, add: () => void): void {
  const english = leaves(resources.en);
  const others = Object.entries(resources).filter(([language]) => language !== "en") as [string, object][];

  describe.each(others)(`${ns} strings in %s`, (_language, strings) => {
    const other = leaves(strings);
    it("has exactly the English keys, none empty, every placeholder kept", () => {
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, value] of english) {
        expect((other.get(key) ?? "").trim(), key).not.toBe("");
        expect(placeholders(other.get(key) ?? ""), key).toEqual(placeholders(value));
      }
    });
  });

  it(`adds the ${ns} namespace once i18next runs, in every language`, async () => {
    await initI18n("en");
    add();
    add();
    for (const language of Object.keys(resources)) expect(i18next.hasResourceBundle(language, ns)).toBe(true);
    // A plain string of the namespace comes out translated (keys are typed; this one is read).
    const translate = i18next.getFixedT("en", ns) as unknown as (key: string) => string;
    const [key, value] = [...english].find(([, v]) => !v.includes("{{")) ?? ["", ""];
    if (key) expect(translate(key)).toBe(value);
  });
}
