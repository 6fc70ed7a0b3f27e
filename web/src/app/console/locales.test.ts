import { describe, expect, it } from "vitest";
import { describeNamespace, leaves } from "@/lib/i18n-namespace.testing";
import { addConsoleStrings, CONSOLE_NS, consoleResources } from "./i18n";

describeNamespace(CONSOLE_NS, consoleResources, addConsoleStrings);

const english = leaves(consoleResources.en);
const others = Object.entries(consoleResources).filter(([lang]) => lang !== "en");

describe.each(others)("console strings, %s", (_lang, strings) => {
  const other = leaves(strings);
  it("translates the validation messages and the login", () => {
    for (const key of [...english.keys()].filter((k) => k.startsWith("validation.") || k.startsWith("login."))) {
      expect(other.get(key), key).not.toBe(english.get(key));
    }
  });
});
