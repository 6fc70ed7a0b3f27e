import { describe, expect, it } from "vitest";
import { formatDate } from "./dates";

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
