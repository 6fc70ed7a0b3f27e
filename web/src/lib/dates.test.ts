import { describe, expect, it } from "vitest";
import { formatDate, formatTime } from "./dates";

describe("formatDate", () => {
  it("writes DD.MM.YYYY", () => {
    expect(formatDate("2026-03-07T10:00:00Z", "UTC")).toBe("07.03.2026");
  });
  it("uses the event's time zone", () => {
    expect(formatDate("2026-03-07T23:30:00Z", "Europe/Berlin")).toBe("08.03.2026");
  });
  it("gives nothing for an invalid date", () => {
    expect(formatDate("nonsense")).toBe("");
  });
});

describe("formatTime", () => {
  it("writes the time in the zone it is given", () => {
    expect(formatTime("2026-03-07T10:05:00Z", "de", "Etc/GMT-2")).toBe("12:05");
    expect(formatTime("2026-03-07T10:05:00Z", "de", "Etc/GMT+5")).toBe("05:05");
  });
  it("follows the language's way of writing times", () => {
    expect(formatTime("2026-03-07T14:05:00Z", "en-US", "UTC")).toMatch(/^02:05\sPM$/);
  });
  it("gives nothing for an invalid date", () => {
    expect(formatTime("nonsense", "en", "UTC")).toBe("");
  });
});
