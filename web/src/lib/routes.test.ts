import { describe, expect, it } from "vitest";
import { readItem, storageKeys } from "./storage";
import {
  eventBasename,
  firstSegment,
  isFallbackPath,
  menuItemRoute,
  NULL_ID,
  rememberWantedRoute,
  rootRedirect,
  takeWantedRoute,
} from "./routes";

const nav = [
  { ID: "1".repeat(24), Type: "Panorama", Data: { id: "foyer", angle: 10 } },
  { ID: "2".repeat(24), Type: "FullscreenIframe", Data: { slug: "keynote" } },
  { ID: "3".repeat(24), Type: "Module", Data: { module: "Landing" } },
  { ID: "4".repeat(24), Type: "URL", Data: { mode: "New tab", src: "https://example.org" } },
];

describe("the redirect of /", () => {
  it("goes to HomeStart and closes the sidebars without a default page", () => {
    expect(rootRedirect(null, nav)).toEqual({ to: "/start", closeSidebars: true });
    expect(rootRedirect("", nav)).toEqual({ to: "/start", closeSidebars: true });
  });
  it("treats 24 zeros as no default page", () => {
    expect(NULL_ID).toBe("000000000000000000000000");
    expect(rootRedirect(NULL_ID, [{ ID: NULL_ID, Type: "Panorama", Data: { id: "x" } }])).toEqual({ to: "/start", closeSidebars: true });
  });
  it("goes to the default page's target", () => {
    expect(rootRedirect("1".repeat(24), nav)).toEqual({ to: "/foyer", closeSidebars: false });
    expect(rootRedirect("2".repeat(24), nav).to).toBe("/page/keynote");
    expect(rootRedirect("3".repeat(24), nav).to).toBe("/landing");
  });
  it("falls back to HomeStart when the default page is unknown or not a page", () => {
    expect(rootRedirect("9".repeat(24), nav).to).toBe("/start");
    expect(rootRedirect("4".repeat(24), nav).to).toBe("/start");
  });
  it("encodes room ids", () => {
    expect(menuItemRoute({ ID: "x", Type: "VirtualLocation", Data: { id: "a/b" } })).toBe("/a%2Fb");
  });
});

describe("which router serves a path", () => {
  it.each([
    ["/", true],
    ["", true],
    ["/cookie-consent", true],
    ["/Privacy", true],
    ["/terms", true],
    ["/imprint", true],
    ["/policies/imprint", true],
    ["/demo", false],
    ["/demo/login", false],
  ])("%s is fallback: %s", (path, expected) => expect(isFallbackPath(path)).toBe(expected));
  it("keeps the event segment as typed for the basename", () => {
    expect(firstSegment("/DeMo/start")).toBe("DeMo");
    expect(eventBasename("/DeMo/start")).toBe("/DeMo");
  });
});

describe("the guard's memory", () => {
  it("stores route and params in session storage and returns them once", () => {
    rememberWantedRoute("/landing", "?id=42&mode=zoom");
    expect(readItem("session", storageKeys.routerRoute)).toBe("/landing");
    expect(JSON.parse(readItem("session", storageKeys.routerParam) ?? "")).toEqual({ id: "42", mode: "zoom" });
    expect(takeWantedRoute()).toBe("/landing?id=42&mode=zoom");
    expect(takeWantedRoute()).toBeNull();
  });
  it("never returns to login, sign-out or another origin", () => {
    rememberWantedRoute("/login", "");
    expect(takeWantedRoute()).toBeNull();
    rememberWantedRoute("//evil.example", "");
    expect(takeWantedRoute()).toBeNull();
  });
});
