import { describe, expect, it } from "vitest";
import { agendaDays, initialDay, localDate, MAX_DAYS, sessionDayNumber } from "./days";

// Begins 22:00 on 1 March in Los Angeles (06:00 UTC on 2 March), ends 22:00 on 3 March there.
const la = { DateBeginUTC: "2026-03-02T06:00:00Z", DateEndUTC: "2026-03-04T06:00:00Z", TimeZone: "America/Los_Angeles" };

describe("agenda days", () => {
  it("counts the event's local days, not UTC days", () => {
    expect(agendaDays(la)).toEqual([
      { number: 1, date: "01.03.2026" },
      { number: 2, date: "02.03.2026" },
      { number: 3, date: "03.03.2026" },
    ]);
    // The same instants read in UTC are other days: 2 to 4 March.
    expect(agendaDays({ ...la, TimeZone: "UTC" }).map((d) => d.date)).toEqual(["02.03.2026", "03.03.2026", "04.03.2026"]);
  });

  it("ends on the day of the last instant: an end at local midnight adds no empty day", () => {
    const berlin = { DateBeginUTC: "2026-05-11T22:00:00Z", DateEndUTC: "2026-05-13T22:00:00Z", TimeZone: "Europe/Berlin" };
    expect(agendaDays(berlin).map((d) => d.date)).toEqual(["12.05.2026", "13.05.2026"]);
  });

  it("keeps calendar days across a daylight-saving change (a 23-hour day)", () => {
    const spring = { DateBeginUTC: "2026-03-28T09:00:00Z", DateEndUTC: "2026-03-31T09:00:00Z", TimeZone: "Europe/Berlin" };
    expect(agendaDays(spring).map((d) => d.date)).toEqual(["28.03.2026", "29.03.2026", "30.03.2026", "31.03.2026"]);
  });

  it("has one day without dates, at most MAX_DAYS, and UTC for an unknown zone", () => {
    expect(agendaDays(null)).toEqual([{ number: 1, date: "" }]);
    expect(agendaDays({ DateBeginUTC: "2026-01-01T00:00:00Z", DateEndUTC: "2027-01-01T00:00:00Z", TimeZone: "UTC" })).toHaveLength(MAX_DAYS);
    expect(localDate(Date.parse("2026-03-02T06:00:00Z"), "Not/AZone")).toBe("2026-03-02");
  });

  it("lists a session on the local day it begins, also just before local midnight", () => {
    expect(sessionDayNumber(la, "2026-03-02T07:00:00Z")).toBe(1); // 23:00 on 1 March in LA
    expect(sessionDayNumber(la, "2026-03-02T08:00:00Z")).toBe(2); // 00:00 on 2 March in LA
    expect(sessionDayNumber(la, "2026-03-01T00:00:00Z")).toBe(0); // before the first day
  });

  it("opens on today's day while the event runs, else on day 1", () => {
    const days = agendaDays(la);
    expect(initialDay(la, days, Date.parse("2026-03-02T07:30:00Z"))).toBe(1); // 23:30 on 1 March in LA
    expect(initialDay(la, days, Date.parse("2026-03-02T18:00:00Z"))).toBe(2);
    expect(initialDay(la, days, Date.parse("2026-02-01T00:00:00Z"))).toBe(1);
    expect(initialDay(la, days, Date.parse("2026-04-01T00:00:00Z"))).toBe(1);
  });
});
