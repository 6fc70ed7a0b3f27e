import i18next, { type Namespace } from "i18next";
import { expect, it } from "vitest";
import { initI18n } from "@/lib/i18n";
import { describeNamespace, leaves } from "@/lib/i18n-namespace.testing";
import { addAgendaStrings, AGENDA_NS, agendaResources } from "./i18n";

// The namespace is not registered in lib/i18n.ts's types (see i18n.ts), hence the cast.
describeNamespace(AGENDA_NS as unknown as Namespace & string, agendaResources, addAgendaStrings);

it("translates every string (only times, symbols and names may stay as in English)", () => {
  const english = leaves(agendaResources.en);
  const same = new Set(["session.time", "session.dateTime", "session.live", "speakers.links", "speakers.sessions", "session.inRoom"]);
  for (const [language, strings] of Object.entries(agendaResources)) {
    if (language === "en") continue;
    for (const [key, value] of leaves(strings)) if (!same.has(key)) expect(value, `${language} ${key}`).not.toBe(english.get(key));
  }
});

it("interpolates in the namespace, apart from the attendee app's own strings", async () => {
  await initI18n("en");
  addAgendaStrings();
  expect(i18next.t("days.day", { ns: AGENDA_NS, day: 2, lng: "de" } as never)).toBe("Tag 2");
  expect(i18next.t("reminders.title", { ns: AGENDA_NS, minutes: 5, lng: "fr" } as never)).toBe("Commence dans 5 min");
  expect(i18next.t("venue.goTo", { room: "Hall" })).toBe("Go to Hall");
});
