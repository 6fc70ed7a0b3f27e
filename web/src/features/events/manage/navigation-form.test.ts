import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { NULL_ID } from "@/lib/routes";
import { toNavItem, type NavItem } from "./navigation-api";
import { itemBodyOf, itemValues, mapNavigationError } from "./navigation-form";
import { newItemValues, type NavigationFormValues } from "./navigation-schema";

const LOCATION = "5".repeat(24);

function item(change: Partial<NavItem>): NavItem {
  return toNavItem({ ID: "a".repeat(24), Type: "Panorama", Data: { id: "lobby" }, ...change }) as NavItem;
}

const names = (en: string, de = "") => ({ en, de, es: "", fr: "", it: "" });

describe("itemValues: a stored item in the form", () => {
  it("reads names written before `Names` from Name and NameDE", () => {
    const values = itemValues(item({ Name: "Lobby", NameDE: "Foyer", Names: { fr: "Hall" } }));
    expect(values.Names).toEqual({ en: "Lobby", de: "Foyer", es: "", fr: "Hall", it: "" });
  });

  it("puts each Type's Data in its own fields; numbers as text", () => {
    expect(itemValues(item({ Type: "IFrame", Data: { url: "https://x.example", width: 800, height: "60%" } }))).toMatchObject({
      Type: "IFrame",
      IframeUrl: "https://x.example",
      IframeWidth: "800",
      IframeHeight: "60%",
    });
    expect(itemValues(item({ Type: "Addon", Data: { module: "FAQ" } }))).toMatchObject({ Addon: "FAQ", Module: "" });
    expect(itemValues(item({ Type: "FullscreenIframe", Data: { slug: "wall", url: "https://wall.example" } }))).toMatchObject({ Slug: "wall", PageUrl: "https://wall.example", IframeUrl: "" });
    expect(itemValues(item({ Type: "Module", Data: { module: "agenda" } }))).toMatchObject({ Module: "agenda", Addon: "" });
    expect(itemValues(item({ Data: { id: "expo", angle: 90 } }))).toMatchObject({ NodeID: "expo", Angle: "90", LocationNodeID: "" });
  });

  it("a VirtualLocation: its location from VirtualSpaceID, none for 24 zeros", () => {
    const data = { VirtualSpaceMainpanoID: "hall", id: "booth-1", angle: "45,0,90" };
    expect(itemValues(item({ Type: "VirtualLocation", Data: data, VirtualSpaceID: LOCATION }))).toMatchObject({
      LocationID: LOCATION,
      MainNodeID: "hall",
      LocationNodeID: "booth-1",
      Angle: "45,0,90",
      NodeID: "",
    });
    expect(itemValues(item({ Type: "VirtualLocation", Data: data })).LocationID).toBe("");
  });

  it("keeps the sidebar panel only when it is one the server knows", () => {
    expect(itemValues(item({ IsSidebar: true, SidebarType: "Chat" }))).toMatchObject({ IsSidebar: true, SidebarType: "Chat" });
    expect(itemValues(item({ IsSidebar: true, SidebarType: "Bogus" })).SidebarType).toBe("");
  });
});

describe("itemBodyOf: the form as the server's body", () => {
  const form = (change: Partial<NavigationFormValues>): NavigationFormValues => ({ ...newItemValues("Bottom"), Names: names(" Lobby ", "Foyer"), ...change });

  it("sends every field, Name and NameDE from the English and German names, only the Type's Data", () => {
    const body = itemBodyOf(form({ NodeID: " lobby ", Angle: "90", UrlSrc: "https://left.over", SidebarType: "Chat" }), { Index: 30, VirtualSpaceID: LOCATION });
    expect(body).toEqual({
      Position: "Bottom",
      IsVisible: true,
      Index: 30,
      Name: "Lobby",
      NameDE: "Foyer",
      Names: { en: "Lobby", de: "Foyer", es: "", fr: "", it: "" },
      SidebarTitles: { en: "", de: "", es: "", fr: "", it: "" },
      Type: "Panorama",
      // Not opening the sidebar: no panel, whatever the select still holds.
      SidebarType: null,
      Data: { id: "lobby", angle: 90 },
      // Not a VirtualLocation: the stored value stays.
      VirtualSpaceID: LOCATION,
      IsSidebar: false,
    });
    expect(body).not.toHaveProperty("ID");
  });

  it("an update carries the ID; a panel goes with the sidebar", () => {
    const body = itemBodyOf(form({ Type: "Module", Module: "agenda", IsSidebar: true, SidebarType: "Agenda" }), { ID: "b".repeat(24), Index: 5, VirtualSpaceID: NULL_ID });
    expect(body).toMatchObject({ ID: "b".repeat(24), SidebarType: "Agenda", IsSidebar: true, Data: { module: "agenda" } });
  });

  it("Data per Type: defaults for IFrame sizes, the view direction as a number or the tour's string", () => {
    expect(itemBodyOf(form({ Type: "IFrame", IframeUrl: "https://x.example" }), { Index: 0, VirtualSpaceID: NULL_ID }).Data).toEqual({ url: "https://x.example", width: "100%", height: "100%" });
    expect(itemBodyOf(form({ Type: "URL", UrlMode: "Over page", UrlSrc: " https://x.example " }), { Index: 0, VirtualSpaceID: NULL_ID }).Data).toEqual({ mode: "Over page", src: "https://x.example" });
    expect(itemBodyOf(form({ Type: "JS Call", Code: "openSidebar('chat') " }), { Index: 0, VirtualSpaceID: NULL_ID }).Data).toEqual({ code: "openSidebar('chat') " });
    expect(itemBodyOf(form({ Type: "FullscreenIframe", Slug: "stage", PageUrl: " https://stage.example " }), { Index: 0, VirtualSpaceID: NULL_ID }).Data).toEqual({
      slug: "stage",
      url: "https://stage.example",
    });
    expect(itemBodyOf(form({ NodeID: "lobby", Angle: "90, 0, 70" }), { Index: 0, VirtualSpaceID: NULL_ID }).Data).toEqual({ id: "lobby", angle: "90,0,70" });
    expect(itemBodyOf(form({ NodeID: "lobby", Angle: "" }), { Index: 0, VirtualSpaceID: NULL_ID }).Data).toEqual({ id: "lobby" });
  });

  it("a VirtualLocation sends the chosen location as VirtualSpaceID (24 zeros without one)", () => {
    const location = form({ Type: "VirtualLocation", LocationID: LOCATION, MainNodeID: "hall", LocationNodeID: "booth-1" });
    expect(itemBodyOf(location, { Index: 0, VirtualSpaceID: NULL_ID })).toMatchObject({
      VirtualSpaceID: LOCATION,
      Data: { VirtualSpaceMainpanoID: "hall", id: "booth-1" },
    });
    expect(itemBodyOf({ ...location, LocationID: "" }, { Index: 0, VirtualSpaceID: LOCATION }).VirtualSpaceID).toBe(NULL_ID);
  });

  it("round trip: a stored item saved unchanged is the same item", () => {
    const stored = item({
      Position: "Top",
      Index: 60,
      Name: "Lobby",
      NameDE: "Foyer",
      Names: { en: "Lobby", de: "Foyer", es: "Vestíbulo", fr: "Hall", it: "Atrio" },
      SidebarTitles: { en: "", de: "", es: "", fr: "", it: "" },
      Data: { id: "lobby", angle: 0 },
    });
    const { ID, ...rest } = stored;
    expect(itemBodyOf(itemValues(stored), { ID, Index: stored.Index, VirtualSpaceID: stored.VirtualSpaceID })).toEqual({ ID, ...rest });
  });
});

describe("mapNavigationError: a refusal beside the fields it names", () => {
  const refusal = (...problemNames: string[]) =>
    new ApiError(422, "VALIDATION_ERROR", "invalid", { Operation: "update_menu_item", Problems: problemNames.map((Name) => ({ In: "body", Name, Type: "value_error", Message: "x" })) });

  it("takes off the Type's tag and maps Data keys by Type", () => {
    expect(mapNavigationError(refusal("URL.Data.src", "URL.Names.de"), "URL")).toEqual({ message: "errors.invalidInput", fields: ["UrlSrc", "Names.de"] });
    expect(mapNavigationError(refusal("Addon.Data.module"), "Addon").fields).toEqual(["Addon"]);
    expect(mapNavigationError(refusal("Module.Data.module"), "Module").fields).toEqual(["Module"]);
    expect(mapNavigationError(refusal("FullscreenIframe.Data.url"), "FullscreenIframe").fields).toEqual(["PageUrl"]);
    expect(mapNavigationError(refusal("IFrame.Data.url"), "IFrame").fields).toEqual(["IframeUrl"]);
    expect(mapNavigationError(refusal("VirtualLocation.Data.id", "VirtualLocation.Data.VirtualSpaceMainpanoID", "VirtualLocation.VirtualSpaceID"), "VirtualLocation").fields).toEqual(["LocationNodeID", "MainNodeID", "LocationID"]);
    expect(mapNavigationError(refusal("Panorama.Data.angle.float", "Panorama.Data.angle.str"), "Panorama").fields).toEqual(["Angle"]);
    expect(mapNavigationError(refusal("JS Call.Data.code", "JS Call.SidebarTitles.fr"), "JS Call").fields).toEqual(["Code", "SidebarTitles.fr"]);
  });

  it("names no field for what the form does not show, or for other errors", () => {
    expect(mapNavigationError(refusal("Panorama.Index", "body"), "Panorama").fields).toEqual([]);
    expect(mapNavigationError(new ApiError(404, "MENU_ITEM_NOT_FOUND", "gone", { MenuItemID: "x" }), "Panorama")).toEqual({ message: "errors.notFound", fields: [] });
    expect(mapNavigationError(new TypeError("offline"), "Panorama").fields).toEqual([]);
  });
});
