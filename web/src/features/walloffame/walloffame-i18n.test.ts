import type { Namespace } from "i18next";
import { expect, it } from "vitest";
import { describeNamespace, leaves } from "@/lib/i18n-namespace.testing";
import { addWallStrings, WALL_NS, wallResources } from "./i18n";

// The namespace is not registered in lib/i18n.ts's types (see i18n.ts), hence the cast.
describeNamespace(WALL_NS as unknown as Namespace & string, wallResources, addWallStrings);

it("keeps the §5 texts word for word in English", () => {
  expect(wallResources.en.form).toMatchObject({ titleRequired: "Enter title", categoryRequired: "Select category", descriptionRequired: "Enter description", linkInvalid: "Provide a valid link" });
  expect(wallResources.en.states.pending).toBe("Waiting for review");
  expect(wallResources.en.manage.review.label).toBe("Review submissions before they are public");
});

it("translates every string (only what reads the same in a language may stay as in English)", () => {
  const english = leaves(wallResources.en);
  // The module's name is kept in German, as the rest of the app names it; "Link" and
  // "Moderation" are German words too.
  const same = new Set(["de:page.views", "de:form.link", "de:manage.review.legend"]);
  for (const [language, strings] of Object.entries(wallResources)) {
    if (language === "en") continue;
    for (const [key, value] of leaves(strings)) if (!same.has(`${language}:${key}`)) expect(value, `${language} ${key}`).not.toBe(english.get(key));
  }
});
