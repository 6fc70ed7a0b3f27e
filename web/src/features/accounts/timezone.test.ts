import { describe, expect, it } from "vitest";
import { browserShift, displayZone, hasChosenZone, shiftName, TIMEZONE_SHIFTS, timezoneFields, zoneOfShift } from "./timezone";

const hour = (date: Date, zone: string) => new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone: zone }).format(date);

describe("time zones of §9", () => {
  it("offers GMT-12 to GMT+14 in whole hours", () => {
    expect(TIMEZONE_SHIFTS).toHaveLength(27);
    expect(TIMEZONE_SHIFTS[0]).toBe(-12);
    expect(TIMEZONE_SHIFTS.at(-1)).toBe(14);
    expect(TIMEZONE_SHIFTS.map(shiftName).slice(11, 14)).toEqual(["GMT-1", "GMT", "GMT+1"]);
  });

  it("formats with the chosen offset (Etc zones invert the sign)", () => {
    const noonUTC = new Date("2031-03-30T12:00:00Z");
    expect(zoneOfShift(2)).toBe("Etc/GMT-2");
    expect(hour(noonUTC, zoneOfShift(2))).toBe("14");
    expect(hour(noonUTC, zoneOfShift(-12))).toBe("00");
    expect(hour(noonUTC, zoneOfShift(14))).toBe("02");
    expect(hour(noonUTC, zoneOfShift(0))).toBe("12");
  });

  it("uses the browser's zone until the person has chosen one", () => {
    expect(hasChosenZone({ TimezoneName: "", TimezoneShift: 0 })).toBe(false);
    expect(displayZone(null)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(displayZone({ TimezoneName: "GMT+5", TimezoneShift: 5 })).toBe("Etc/GMT-5");
    // A shift outside the range is not a choice.
    expect(hasChosenZone({ TimezoneName: "GMT+20", TimezoneShift: 20 })).toBe(false);
  });

  it("saves name and shift together, and defaults to the browser's offset", () => {
    expect(timezoneFields(-3)).toEqual({ TimezoneName: "GMT-3", TimezoneShift: -3 });
    const offset = -new Date("2031-01-01T00:00:00Z").getTimezoneOffset() / 60;
    expect(browserShift(new Date("2031-01-01T00:00:00Z"))).toBe(Math.round(offset));
  });
});
