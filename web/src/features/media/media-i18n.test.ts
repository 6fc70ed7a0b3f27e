import i18next, { type Namespace } from "i18next";
import { expect, it } from "vitest";
import { initI18n } from "@/lib/i18n";
import { describeNamespace, leaves, type Tree } from "@/lib/i18n-namespace.testing";
import { addMediaStrings, MEDIA_NS, mediaResources } from "./media-i18n";

// The namespace is not registered in lib/i18n.ts's types (media-i18n.ts says why).
describeNamespace(MEDIA_NS as unknown as Namespace & string, mediaResources, addMediaStrings);

it("translates every sentence", () => {
  const english = leaves(mediaResources.en as unknown as Tree);
  for (const [language, strings] of Object.entries(mediaResources)) {
    if (language === "en") continue;
    for (const [key, value] of leaves(strings as unknown as Tree)) {
      // Whole sentences must differ from English; "Video: {{title}}" or "{{begin}} – {{end}}" may not.
      const words = value.replace(/\{\{\w+\}\}/g, "").match(/\p{L}+/gu) ?? [];
      if (words.length > 2) expect(value, `${language} ${key}`).not.toBe(english.get(key));
    }
  }
});

it("interpolates in every language", async () => {
  await initI18n("en");
  addMediaStrings();
  // i18next's `t` is typed for the registered namespaces only.
  const t = i18next.t.bind(i18next) as unknown as (key: string, options: object) => string;
  expect(t("replays.day", { ns: MEDIA_NS, day: 2, date: "29.03.2026" })).toBe("Day 2 · 29.03.2026");
  expect(t("player.label", { ns: MEDIA_NS, title: "Keynote", lng: "de" })).toBe("Video: Keynote");
});
