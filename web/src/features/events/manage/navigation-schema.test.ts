import { describe, expect, it } from "vitest";
import { navigationFormSchema, newItemValues, type NavigationFormValues } from "./navigation-schema";

const rules = navigationFormSchema({ slugsTaken: new Set(["agenda"]) });

function values(change: Partial<NavigationFormValues>): NavigationFormValues {
  const base = newItemValues("Top");
  // A valid item to start from: a room of the tour with an English name.
  return { ...base, Type: "Panorama", NodeID: "lobby", Names: { ...base.Names, en: "Lobby" }, ...change };
}

/** The refusals as "path: message", or [] when the values pass. */
function problems(change: Partial<NavigationFormValues>): string[] {
  const result = rules.safeParse(values(change));
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

const accepted = (change: Partial<NavigationFormValues>) => problems(change).length === 0;

describe("the rules the server has (events/menu.py)", () => {
  // Each verdict was taken by validating the same value with the server's MenuItemIn.
  it.each([
    ["https://example.com", true],
    ["http://a", true],
    ["HTTPS://Example.com/path?q=1#x", true],
    ["javascript:alert(1)", false],
    ["https://", false],
    ["https:// x", false],
    ["ftp://example.com", false],
    ["https://exa mple.com", false],
    ["//example.com", false],
    [`https://${"a".repeat(1992)}`, true],
    [`https://${"a".repeat(1993)}`, false],
  ])("URL src %j → %s", (src, server) => {
    expect(accepted({ Type: "URL", UrlSrc: src })).toBe(server);
    expect(accepted({ Type: "IFrame", IframeUrl: src })).toBe(server);
  });

  it.each([
    ["800", true],
    ["800px", true],
    ["60%", true],
    ["100vh", true],
    ["12.5vw", true],
    ["1.234px", true],
    ["99999.999%", true],
    ["1.2345px", false],
    ["px", false],
    ["-5px", false],
    ["auto", false],
  ])("IFrame size %j → %s", (size, server) => {
    expect(accepted({ Type: "IFrame", IframeUrl: "https://x.example", IframeWidth: size })).toBe(server);
    expect(problems({ Type: "IFrame", IframeUrl: "https://x.example", IframeHeight: size })).toEqual(server ? [] : ["IframeHeight: sizeInvalid"]);
  });

  it.each([
    ["agenda-2031", true],
    ["a", true],
    ["a".repeat(100), true],
    ["a".repeat(101), false],
    ["Agenda", false],
    ["a_b", false],
    ["über", false],
    ["a b", false],
    ["", false],
  ])("FullscreenIframe slug %j → %s", (slug, server) => {
    expect(accepted({ Type: "FullscreenIframe", Slug: slug, PageUrl: "https://wall.example" })).toBe(server);
  });

  it("Addon: exactly the server's modules, spelled as it spells them", () => {
    for (const module of ["FAQ", "Iframe", "TreasureHunt", "WallOfFame", "EngagementIsland"]) expect(accepted({ Type: "Addon", Addon: module })).toBe(true);
    for (const module of ["faq", "Chat", ""]) expect(problems({ Type: "Addon", Addon: module })).toEqual(["Addon: addonRequired"]);
  });

  it("names and sidebar titles: at most 200 characters, counted as Python counts them", () => {
    expect(accepted({ Names: { en: "x".repeat(200), de: "é".repeat(200), es: "", fr: "", it: "" } })).toBe(true);
    // 200 emoji are 400 UTF-16 units but 200 characters for the server.
    expect(accepted({ Names: { en: "😀".repeat(200), de: "", es: "", fr: "", it: "" } })).toBe(true);
    expect(problems({ Names: { en: "Lobby", de: "x".repeat(201), es: "", fr: "", it: "" } })).toEqual(["Names.de: textTooLong"]);
    expect(problems({ SidebarTitles: { en: "", de: "", es: "", fr: "", it: "y".repeat(201) } })).toEqual(["SidebarTitles.it: textTooLong"]);
  });

  it("JS Call code: up to 10,000 characters", () => {
    expect(accepted({ Type: "JS Call", Code: "x".repeat(10_000) })).toBe(true);
    expect(problems({ Type: "JS Call", Code: "x".repeat(10_001) })).toEqual(["Code: codeTooLong"]);
  });

  it("node ids: 1–200 characters; the location a 24-hex id or none", () => {
    expect(accepted({ Type: "Panorama", NodeID: "x".repeat(200) })).toBe(true);
    expect(problems({ Type: "Panorama", NodeID: "x".repeat(201) })).toEqual(["NodeID: nodeInvalid"]);
    expect(problems({ Type: "Panorama", NodeID: "" })).toEqual(["NodeID: nodeRequired"]);
    const location = { Type: "VirtualLocation" as const, MainNodeID: "hall", LocationNodeID: "booth-1" };
    expect(accepted({ ...location, LocationID: "" })).toBe(true);
    expect(accepted({ ...location, LocationID: "a".repeat(24) })).toBe(true);
    expect(problems({ ...location, LocationID: "A".repeat(24) })).toEqual(["LocationID: locationIdInvalid"]);
    expect(problems({ Type: "VirtualLocation" })).toEqual(["MainNodeID: nodeRequired", "LocationNodeID: nodeRequired"]);
  });

  it("URL mode: one of the three", () => {
    const refused = problems({ Type: "URL", UrlSrc: "https://x.example", UrlMode: "Popup" as NavigationFormValues["UrlMode"] });
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(/^UrlMode: /);
  });
});

describe("the console's own rules", () => {
  it("asks for the English name, the fallback of every language", () => {
    expect(problems({ Names: { en: "  ", de: "Foyer", es: "", fr: "", it: "" } })).toEqual(["Names.en: nameRequired"]);
  });

  it("asks for the panel when the button opens the sidebar", () => {
    expect(problems({ Type: "Module", Module: "agenda", IsSidebar: true })).toEqual(["SidebarType: sidebarTypeRequired"]);
    expect(accepted({ Type: "Module", Module: "agenda", IsSidebar: true, SidebarType: "Agenda" })).toBe(true);
    expect(accepted({ Type: "Module", Module: "agenda", IsSidebar: false, SidebarType: "" })).toBe(true);
  });

  it("refuses a slug another page of the event uses, and a blank script or module", () => {
    expect(problems({ Type: "FullscreenIframe", Slug: "agenda", PageUrl: "https://wall.example" })).toEqual(["Slug: slugTaken"]);
    expect(problems({ Type: "JS Call", Code: "   " })).toEqual(["Code: codeRequired"]);
    expect(problems({ Type: "Module", Module: " " })).toEqual(["Module: moduleRequired"]);
  });

  it("a full-screen page needs the http(s) address it frames (the server keeps older items without)", () => {
    expect(problems({ Type: "FullscreenIframe", Slug: "wall", PageUrl: " " })).toEqual(["PageUrl: urlRequired"]);
    expect(problems({ Type: "FullscreenIframe", Slug: "wall", PageUrl: "javascript:alert(1)" })).toEqual(["PageUrl: urlInvalid"]);
    expect(accepted({ Type: "FullscreenIframe", Slug: "wall", PageUrl: "https://wall.example/sponsors" })).toBe(true);
  });

  it("sizes: at most five digits (the server reads a longer one as a number of pixels)", () => {
    expect(problems({ Type: "IFrame", IframeUrl: "https://x.example", IframeWidth: "123456" })).toEqual(["IframeWidth: sizeInvalid"]);
  });

  it("node ids are a route segment: no spaces", () => {
    expect(problems({ Type: "Panorama", NodeID: "main hall" })).toEqual(["NodeID: nodeInvalid"]);
  });

  it("the view direction: empty, a number, or up to three numbers", () => {
    for (const angle of ["", "90", "-45.5", "90,0,100", "90, -4, 70"]) expect(accepted({ Type: "Panorama", NodeID: "lobby", Angle: angle })).toBe(true);
    for (const angle of ["left", "1,2,3,4", "90°"]) expect(problems({ Type: "Panorama", NodeID: "lobby", Angle: angle })).toEqual(["Angle: angleInvalid"]);
  });

  it("checks only the chosen Type's target: other Types' leftovers do not block saving", () => {
    expect(accepted({ Type: "Addon", Addon: "FAQ", UrlSrc: "javascript:1", Slug: "BAD", NodeID: "" })).toBe(true);
  });
});
