import i18next from "i18next";
import { expect, it } from "vitest";
import { initI18n } from "@/lib/i18n";
import { describeNamespace, leaves, type Tree } from "@/lib/i18n-namespace.testing";
import { addMediaManageStrings, MEDIA_MANAGE_NS, mediaManageResources } from "./media-manage-i18n";
import { mediaValidationKeys } from "./video-schema";

// The namespace is not registered in lib/i18n.ts's types (media-manage-i18n.ts says why).
describeNamespace(MEDIA_MANAGE_NS as never, mediaManageResources, addMediaManageStrings);

it("has a translated message for every validation key", () => {
  const english = leaves(mediaManageResources.en.validation as unknown as Tree);
  for (const key of mediaValidationKeys) expect(english.has(key), key).toBe(true);
  for (const [language, strings] of Object.entries(mediaManageResources)) {
    if (language === "en") continue;
    for (const [key, value] of leaves(strings.validation as unknown as Tree)) expect(value, `${language} ${key}`).not.toBe(english.get(key));
  }
});

it("does not take the attendee side's `media` namespace", async () => {
  await initI18n("en");
  addMediaManageStrings();
  expect(MEDIA_MANAGE_NS).not.toBe("media");
  const t = i18next.getFixedT("it", MEDIA_MANAGE_NS as never) as unknown as (key: string, options: object) => string;
  expect(t("delete.streaming", { sessions: "“Keynote”" })).toBe(
    "Questo video non può essere eliminato finché delle sessioni lo trasmettono: “Keynote”. Assegna prima loro un'altra trasmissione in Programma.",
  );
});
