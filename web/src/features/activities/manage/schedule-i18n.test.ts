import i18next from "i18next";
import { expect, it } from "vitest";
import { initI18n } from "@/lib/i18n";
import { describeNamespace, leaves, type Tree } from "@/lib/i18n-namespace.testing";
import { addScheduleStrings, SCHEDULE_NS, scheduleResources } from "./schedule-i18n";
import { sessionValidationKeys } from "./session-schema";
import { speakerValidationKeys } from "./speaker-schema";

// The namespace is not registered in lib/i18n.ts's types (schedule-i18n.ts says why).
describeNamespace(SCHEDULE_NS as never, scheduleResources, addScheduleStrings);

it("has a message for every validation key of both forms, translated in every language", () => {
  const english = leaves(scheduleResources.en.validation as unknown as Tree);
  for (const key of [...sessionValidationKeys, ...speakerValidationKeys]) expect(english.has(key), key).toBe(true);
  for (const [language, strings] of Object.entries(scheduleResources)) {
    if (language === "en") continue;
    for (const [key, value] of leaves(strings.validation as unknown as Tree)) expect(value, `${language} ${key}`).not.toBe(english.get(key));
  }
});

it("interpolates and counts in every language", async () => {
  await initI18n("en");
  addScheduleStrings();
  const t = i18next.getFixedT("en", SCHEDULE_NS as never) as unknown as (key: string, options: object) => string;
  expect(t("overlaps.title", { count: 1 })).toBe("1 session plays on a screen at the same time as another");
  expect(t("speakers.deleteBody", { count: 2, lng: "de" })).toBe("Der Speaker wird aus 2 Sessions entfernt. Teilnehmende sehen ihn nicht mehr.");
  expect(t("form.speakersHint", { count: 2, lng: "fr" })).toBe("2 choisis.");
});
