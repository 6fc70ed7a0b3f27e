import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { PREPUBLISH_CODES, PREPUBLISH_PARAMS } from "@/lib/generated/prepublish-codes";
import { initI18n } from "@/lib/i18n";
import { describeNamespace, leaves, placeholders } from "@/lib/i18n-namespace.testing";
import { addPrepublishStrings, PREPUBLISH_NS, prepublishResources } from "./prepublish-i18n";

describeNamespace(PREPUBLISH_NS, prepublishResources, addPrepublishStrings);

const english = leaves(prepublishResources.en);

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

it("strings interpolate in every language", async () => {
  await initI18n("en");
  addPrepublishStrings();
  expect(i18next.t("errors", { ns: PREPUBLISH_NS, count: 1 })).toBe("1 error");
  expect(i18next.t("warnings", { ns: PREPUBLISH_NS, count: 3, lng: "de" })).toBe("3 Warnungen");
});
