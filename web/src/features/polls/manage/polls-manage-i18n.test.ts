import i18next from "i18next";
import { expect, it } from "vitest";
import { initI18n } from "@/lib/i18n";
import { describeNamespace, leaves, type Tree } from "@/lib/i18n-namespace.testing";
import { pollValidationKeys } from "./poll-schema";
import { addPollsManageStrings, POLLS_MANAGE_NS, pollsManageResources } from "./polls-manage-i18n";

// The namespace is not registered in lib/i18n.ts's types (polls-manage-i18n.ts says why).
describeNamespace(POLLS_MANAGE_NS as never, pollsManageResources, addPollsManageStrings);

it("has a translated message for every validation key", () => {
  const english = leaves(pollsManageResources.en.validation as unknown as Tree);
  for (const key of pollValidationKeys) expect(english.has(key), key).toBe(true);
  for (const [language, strings] of Object.entries(pollsManageResources)) {
    if (language === "en") continue;
    for (const [key, value] of leaves(strings.validation as unknown as Tree)) expect(value, `${language} ${key}`).not.toBe(english.get(key));
  }
});

it("does not take the attendee side's `polls` namespace", async () => {
  await initI18n("en");
  addPollsManageStrings();
  expect(POLLS_MANAGE_NS).not.toBe("polls");
  const t = i18next.getFixedT("fr", POLLS_MANAGE_NS as never) as unknown as (key: string, options: object) => string;
  expect(t("results.ballots", { count: 2 })).toBe("2 bulletins");
});
