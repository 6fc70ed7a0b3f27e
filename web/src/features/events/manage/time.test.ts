import { describe, expect, it } from "vitest";
import {
  formatInZone,
  isLocalDateTime,
  isValidTimeZone,
  timeZoneOptions,
  tomorrowAt,
  utcToZonedLocal,
  zonedLocalToUtc,
} from "./time";

describe("wall-clock time in a zone → UTC", () => {
  it("reads summer and winter times with the zone's offset", () => {
    expect(zonedLocalToUtc("2031-07-01T09:00", "Europe/Berlin")).toBe("2031-07-01T07:00:00.000Z");
    expect(zonedLocalToUtc("2031-01-15T09:00", "Europe/Berlin")).toBe("2031-01-15T08:00:00.000Z");
    expect(zonedLocalToUtc("2031-01-15T09:00", "UTC")).toBe("2031-01-15T09:00:00.000Z");
    expect(zonedLocalToUtc("2031-01-15T09:00", "America/New_York")).toBe("2031-01-15T14:00:00.000Z");
  });

  it("crosses the date line and uses half-hour offsets", () => {
    expect(zonedLocalToUtc("2031-01-01T08:00", "Pacific/Auckland")).toBe("2030-12-31T19:00:00.000Z");
    expect(zonedLocalToUtc("2031-01-01T08:00", "Asia/Kolkata")).toBe("2031-01-01T02:30:00.000Z");
  });

  it("moves a time skipped by spring-forward one hour on, and takes the first of a repeated one", () => {
    // Berlin 2031-03-30: 02:00 → 03:00. 02:30 does not exist; it is read as 03:30 (01:30 UTC).
    expect(zonedLocalToUtc("2031-03-30T02:30", "Europe/Berlin")).toBe("2031-03-30T01:30:00.000Z");
    // Berlin 2031-10-26: 03:00 → 02:00. 02:30 happens twice; the first is still summer time.
    expect(zonedLocalToUtc("2031-10-26T02:30", "Europe/Berlin")).toBe("2031-10-26T00:30:00.000Z");
  });

  it("refuses incomplete values and unknown zones", () => {
    expect(zonedLocalToUtc("", "UTC")).toBeNull();
    expect(zonedLocalToUtc("2031-02-30T09:00", "UTC")).toBeNull();
    expect(zonedLocalToUtc("2031-01-15T09:00", "Mars/Olympus_Mons")).toBeNull();
  });
});

describe("UTC → wall-clock time in a zone", () => {
  it("round-trips and accepts times without an offset as UTC", () => {
    expect(utcToZonedLocal("2031-07-01T07:00:00Z", "Europe/Berlin")).toBe("2031-07-01T09:00");
    expect(utcToZonedLocal("2031-07-01T07:00:00", "Europe/Berlin")).toBe("2031-07-01T09:00");
    expect(utcToZonedLocal("2031-07-01T07:00:00+00:00", "America/New_York")).toBe("2031-07-01T03:00");
    for (const zone of ["Europe/Berlin", "Pacific/Auckland", "America/Sao_Paulo", "Asia/Tokyo"]) {
      const local = "2031-11-05T18:45";
      const utc = zonedLocalToUtc(local, zone);
      expect(utc && utcToZonedLocal(utc, zone), zone).toBe(local);
    }
  });

  it("formats DD.MM.YYYY HH:mm in the zone", () => {
    expect(formatInZone("2031-12-31T23:30:00Z", "Europe/Berlin")).toBe("01.01.2032 00:30");
    expect(formatInZone("not a date", "UTC")).toBe("");
  });
});

describe("helpers", () => {
  it("knows complete local date-times and zones", () => {
    expect(isLocalDateTime("2031-01-15T09:00")).toBe(true);
    expect(isLocalDateTime("2031-01-15")).toBe(false);
    expect(isLocalDateTime("2031-13-01T09:00")).toBe(false);
    expect(isValidTimeZone("Europe/Berlin")).toBe(true);
    expect(isValidTimeZone("")).toBe(false);
  });

  it("offers the IANA names with UTC, and keeps an event's own zone", () => {
    const zones = timeZoneOptions();
    expect(zones).toContain("UTC");
    expect(zones).toContain("Europe/Berlin");
    expect([...zones]).toEqual([...zones].sort());
  });

  it("defaults a new event to tomorrow in its zone", () => {
    const now = Date.parse("2031-06-30T23:30:00Z"); // already 1 July in Berlin
    expect(tomorrowAt(9, "Europe/Berlin", now)).toBe("2031-07-02T09:00");
    expect(tomorrowAt(17, "UTC", now)).toBe("2031-07-01T17:00");
  });
});
