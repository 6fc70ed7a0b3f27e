import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  customWebElements,
  DEFAULT_MARKER,
  EMPTY_MARKER,
  eventDay,
  safeContentURL,
  splitMarketplace,
  webElementContent,
  webElementOfVariable,
  withEventDay,
} from "./rules";
import { resetVariables, startVariables, useVariables, VARIABLE_DEBOUNCE_MS } from "./store";

describe("Var_EventDay", () => {
  const begin = "2026-05-09T07:00:00Z";
  const end = "2026-05-11T18:00:00Z";
  it("is 0 before the begin, 1-based during the event, 999 after the end", () => {
    expect(eventDay(begin, end, Date.parse("2026-05-09T06:59:59Z"))).toBe(0);
    expect(eventDay(begin, end, Date.parse("2026-05-09T07:00:00Z"))).toBe(1);
    expect(eventDay(begin, end, Date.parse("2026-05-09T23:59:00Z"))).toBe(1);
    expect(eventDay(begin, end, Date.parse("2026-05-10T00:01:00Z"))).toBe(2);
    expect(eventDay(begin, end, Date.parse("2026-05-11T17:59:00Z"))).toBe(3);
    expect(eventDay(begin, end, Date.parse("2026-05-11T18:00:00Z"))).toBe(999);
  });
  it("counts calendar days in the event's time zone", () => {
    // 23:30 UTC on the first day is already the second day in Berlin.
    expect(eventDay(begin, end, Date.parse("2026-05-09T23:30:00Z"), "Europe/Berlin")).toBe(2);
  });
  it("is computed into the event variables unless pinned to 0 or 999", () => {
    expect(withEventDay({ Var_EventDay: "5", X: "1" }, 2)).toEqual({ Var_EventDay: "2", X: "1" });
    expect(withEventDay({}, 1)).toEqual({ Var_EventDay: "1" });
    expect(withEventDay({ Var_EventDay: "999" }, 2).Var_EventDay).toBe("999");
    expect(withEventDay({ Var_EventDay: "0" }, 2).Var_EventDay).toBe("0");
  });
});

describe("web elements", () => {
  const xml = new Map([["Screen_01", "assets/xml-default.png"]]);
  it("Var_x_Screen_NN names a web element, other variables stay variables", () => {
    expect(webElementOfVariable("Var_x_Screen_01")).toBe("Screen_01");
    expect(webElementOfVariable("Var_Sponsor_Screen_12")).toBe("Screen_12");
    expect(webElementOfVariable("Var_User_01")).toBeNull();
    expect(splitMarketplace({ Var_x_Screen_01: "https://a/b.png", Var_Stage_Open: "1" })).toEqual({
      variables: { Var_Stage_Open: "1" },
      elements: { Screen_01: "https://a/b.png" },
    });
  });
  it("Marketplace wins over PanoCustomVars, which wins over the default", () => {
    expect(webElementContent("Screen_01", "assets/tour.png", xml, "https://c/custom.png", "https://m/market.png")).toEqual({ value: "https://m/market.png", source: "organizer" });
    expect(webElementContent("Screen_01", "assets/tour.png", xml, "https://c/custom.png", undefined).value).toBe("https://c/custom.png");
    expect(webElementContent("Screen_01", "assets/tour.png", xml, undefined, undefined)).toEqual({ value: "assets/xml-default.png", source: "default" });
    expect(webElementContent("Screen_02", "assets/tour.png", xml, undefined, undefined).value).toBe("assets/tour.png");
  });
  it("the empty marker clears, the default marker restores the pano.xml default", () => {
    expect(EMPTY_MARKER).toBe("[empty]");
    expect(DEFAULT_MARKER).toBe("[default]");
    expect(webElementContent("Screen_01", "t", xml, "https://c/x.png", EMPTY_MARKER)).toEqual({ value: "", source: "empty" });
    expect(webElementContent("Screen_01", "t", xml, "https://c/x.png", DEFAULT_MARKER)).toEqual({ value: "assets/xml-default.png", source: "default" });
  });
  it("reads PanoCustomVars.WebElements and only accepts safe targets", () => {
    expect(customWebElements({ WebElements: { Screen_01: { Type: "image", Value: "https://x/y.png" } } })).toEqual({ Screen_01: "https://x/y.png" });
    expect(safeContentURL("https://x/y.png")).toBe(true);
    expect(safeContentURL("assets/a.png")).toBe(true);
    expect(safeContentURL("javascript:alert(1)")).toBe(false);
    expect(safeContentURL("../../etc")).toBe(false);
  });
});

describe("attendee variables", () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock.mockReset();
    fetchMock.mockImplementation(() => Promise.resolve(new Response("{}", { status: 200 })));
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    resetVariables();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("applies changes at once and sends the whole map 2000 ms after the last change", async () => {
    const stop = startVariables("e1", "p1", { Var_EventDay: "1" });
    await vi.advanceTimersByTimeAsync(0);
    fetchMock.mockClear();
    useVariables.getState().setAttendeeVar("Var_User_01", "a");
    vi.advanceTimersByTime(VARIABLE_DEBOUNCE_MS - 1);
    useVariables.getState().setAttendeeVar("Var_User_02", "b");
    expect(useVariables.getState().attendeeVars).toEqual({ Var_User_01: "a", Var_User_02: "b" });
    vi.advanceTimersByTime(VARIABLE_DEBOUNCE_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/v1/events/e1/attendees/p1/pano-variables");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ Var_User_01: "a", Var_User_02: "b" });
    stop();
  });
});
