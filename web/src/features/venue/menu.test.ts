import { describe, expect, it } from "vitest";
import type { MenuItem } from "@/features/events";
import { parseJsCall } from "./js-actions";
import { ADDON_MODULES, menuAction, menuItemName, menuItems, parseAngle, sidebarTitle } from "./menu";

const item = (over: Partial<MenuItem> & Record<string, unknown>): MenuItem => ({ ID: "1", Type: "URL", ...over }) as MenuItem;
const ctx = { faqInSidebar: false };

describe("ordering and visibility", () => {
  const items = [
    item({ ID: "a", Position: "Top", Index: 10 }),
    item({ ID: "b", Position: "Top", Index: 30 }),
    item({ ID: "c", Position: "Bottom", Index: 50 }),
    item({ ID: "d", Position: "Top", Index: 20, IsVisible: false }),
    item({ ID: "e", Position: "Top", Index: 30 }),
  ];
  it("keeps visible items of the position, by Index descending, stable on ties", () => {
    expect(menuItems(items, "Top").map((i) => i.ID)).toEqual(["b", "e", "a"]);
    expect(menuItems(items, "Bottom").map((i) => i.ID)).toEqual(["c"]);
  });
});

describe("names", () => {
  const named = item({ Name: "Lobby", NameDE: "Foyer-DE", Names: { en: "Lobby EN", fr: "Hall" }, SidebarTitles: { fr: "Titre" } });
  it("uses Names by locale, NameDE for German, then Name", () => {
    expect(menuItemName(named, "fr")).toBe("Hall");
    expect(menuItemName(named, "de")).toBe("Foyer-DE");
    expect(menuItemName(named, "it")).toBe("Lobby");
    expect(menuItemName(item({ Names: { en: "Only English" } }), "it")).toBe("Only English");
  });
  it("uses sidebar titles by locale, else the name", () => {
    expect(sidebarTitle(named, "fr")).toBe("Titre");
    expect(sidebarTitle(named, "it")).toBe("Lobby");
  });
});

describe("menu types", () => {
  it("URL: new tab, same tab, over page; refuses non-http sources", () => {
    expect(menuAction(item({ Type: "URL", Data: { mode: "New tab", src: "https://a.example" } }), ctx)).toEqual({ kind: "url", src: "https://a.example", mode: "new" });
    expect(menuAction(item({ Type: "URL", Data: { mode: "Same tab", src: "https://a.example" } }), ctx)).toMatchObject({ mode: "same" });
    expect(menuAction(item({ Type: "URL", Data: { mode: "Over page", src: "https://a.example" } }), ctx)).toMatchObject({ mode: "over" });
    expect(menuAction(item({ Type: "URL", Data: { mode: "New tab", src: "javascript:alert(1)" } }), ctx)).toEqual({ kind: "none", reason: "incomplete" });
  });

  it("Module: page modules route, sidebar modules open their panel", () => {
    expect(menuAction(item({ Type: "Module", Data: { module: "Auditorium" } }), ctx)).toEqual({ kind: "route", to: "/auditorium" });
    expect(menuAction(item({ Type: "Module", Data: { module: "agenda" } }), ctx)).toEqual({ kind: "right", panel: "agenda" });
    expect(menuAction(item({ Type: "Module", Data: { module: "Polls" } }), ctx)).toEqual({ kind: "left", panel: "poll" });
  });

  it("Addon: only the modules of §5", () => {
    expect(ADDON_MODULES).toHaveLength(12);
    expect(menuAction(item({ Type: "Addon", Data: { module: "Helpdesk" } }), ctx)).toEqual({ kind: "route", to: "/helpdesk" });
    expect(menuAction(item({ Type: "Addon", Data: { module: "TreasureHunt" } }), ctx)).toEqual({ kind: "right", panel: "leaderboard" });
    expect(menuAction(item({ Type: "Addon", Data: { module: "Photobooth" } }), ctx)).toEqual({ kind: "photobooth" });
    expect(menuAction(item({ Type: "Addon", Data: { module: "Chat" } }), ctx)).toEqual({ kind: "none", reason: "addon-not-allowed" });
    expect(menuAction(item({ Type: "Addon", Data: { module: "agenda" } }), ctx)).toEqual({ kind: "none", reason: "addon-not-allowed" });
  });

  it("FAQ opens the sidebar when the event's FAQ says IsSidebar, else the page", () => {
    const faq = item({ Type: "Addon", Data: { module: "FAQ" } });
    expect(menuAction(faq, ctx)).toEqual({ kind: "route", to: "/faq" });
    expect(menuAction(faq, { faqInSidebar: true })).toEqual({ kind: "right", panel: "faq" });
  });

  it("IFrame, FullscreenIframe, Panorama, VirtualLocation", () => {
    expect(menuAction(item({ Type: "IFrame", Data: { url: "https://x.example/a", width: 800, height: "60%" } }), ctx)).toEqual({ kind: "iframe", url: "https://x.example/a", width: "800px", height: "60%" });
    expect(menuAction(item({ Type: "FullscreenIframe", Data: { slug: "sponsors" } }), ctx)).toEqual({ kind: "route", to: "/page/sponsors" });
    expect(menuAction(item({ Type: "Panorama", Data: { id: "expo", angle: 90 } }), ctx)).toEqual({ kind: "panorama", nodeID: "expo", angle: 90 });
    expect(menuAction(item({ Type: "VirtualLocation", Data: { VirtualSpaceMainpanoID: "m", id: "lounge", angle: "45,0,90" } }), ctx)).toEqual({ kind: "panorama", nodeID: "lounge", angle: 45 });
  });

  it("a sidebar item opens its SidebarType panel", () => {
    expect(menuAction(item({ Type: "Module", Data: { module: "chat" }, IsSidebar: true, SidebarType: "Chat" }), ctx)).toEqual({ kind: "right", panel: "chat" });
    expect(menuAction(item({ Type: "Module", Data: { module: "x" }, IsSidebar: true, SidebarType: "Speakers" }), ctx)).toEqual({ kind: "right", panel: "speaker" });
    // Both agenda types open the one agenda panel, each in its own mode.
    expect(menuAction(item({ Type: "Module", Data: { module: "agenda" }, IsSidebar: true, SidebarType: "Agenda" }), ctx)).toEqual({ kind: "right", panel: "agenda", mode: "agenda" });
    expect(menuAction(item({ Type: "Module", Data: { module: "agenda" }, IsSidebar: true, SidebarType: "Location Agenda" }), ctx)).toEqual({ kind: "right", panel: "agenda", mode: "location" });
  });

  it("unknown types do nothing", () => {
    expect(menuAction(item({ Type: "Teleport" }), ctx)).toEqual({ kind: "none", reason: "unknown-type" });
  });

  it("angles", () => {
    expect(parseAngle(12)).toBe(12);
    expect(parseAngle("30,5,90")).toBe(30);
    expect(parseAngle("")).toBeNull();
    expect(parseAngle(null)).toBeNull();
  });
});

describe("JS Call: named actions, never eval", () => {
  it("reads the fixed set of actions", () => {
    expect(parseJsCall("openSidebar('chat'); goToRoom(\"auditorium\", 90)")).toEqual([
      { name: "openSidebar", panel: "chat" },
      { name: "goToRoom", nodeID: "auditorium", yaw: 90 },
    ]);
    expect(parseJsCall("closeSidebars()")).toEqual([{ name: "closeSidebars" }]);
    expect(parseJsCall("openLeftSidebar('poll')")).toEqual([{ name: "openLeftSidebar", panel: "poll" }]);
    expect(parseJsCall("setVariable('Var_User_03', 'gold')")).toEqual([{ name: "setVariable", variable: "Var_User_03", value: "gold" }]);
    expect(parseJsCall("navigate('/faq')")).toEqual([{ name: "navigate", path: "/faq" }]);
    expect(parseJsCall("openUrl('https://example.org')")).toEqual([{ name: "openUrl", url: "https://example.org" }]);
  });

  it("refuses anything else as a whole", () => {
    for (const code of [
      "alert(1)",
      "openSidebar('chat'); fetch('/x')",
      "openSidebar(document.cookie)",
      "openSidebar('admin')",
      "navigate('//evil.example')",
      "openUrl('javascript:alert(1)')",
      "setVariable('Var_User_Game_01', '9999')",
      "window.location='x'",
      "",
    ]) {
      expect(parseJsCall(code), code).toBeNull();
    }
  });

  it("a refused JS Call item is inactive", () => {
    expect(menuAction(item({ Type: "JS Call", Data: { code: "eval('1')" } }), ctx)).toEqual({ kind: "none", reason: "js-unknown" });
    expect(menuAction(item({ Type: "JS Call", Data: { code: "openSidebar('faq')" } }), ctx)).toEqual({ kind: "js", action: [{ name: "openSidebar", panel: "faq" }] });
  });
});
