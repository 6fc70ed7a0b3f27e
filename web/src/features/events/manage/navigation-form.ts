/**
 * Between a menu item and its form: the stored item as form values, the form as the body the
 * server validates (events/menu.py), and a server refusal as the fields it names.
 *
 * Decisions: `Name` and `NameDE` (read by older clients and by the attendee app's fallbacks) are
 * written from the English and German names, so the five names are the one place to edit them;
 * `SidebarType` is sent only with "open a sidebar panel" ticked; `VirtualSpaceID` is the chosen
 * location's ID for a VirtualLocation and stays as stored for every other Type.
 */
import { ApiError } from "@/lib/api-client";
import { errorMessageKey, type ErrorMessageKey } from "@/lib/errors";
import type { Language } from "@/lib/locale";
import { NULL_ID } from "@/lib/routes";
import type { NavItem, NavItemBody } from "./navigation-api";
import {
  LANGUAGES,
  MENU_TYPES,
  SIDEBAR_TYPES,
  URL_MODES,
  newItemValues,
  type MenuType,
  type NavigationField,
  type NavigationFormValues,
} from "./navigation-schema";

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === "string" && (list as readonly string[]).includes(value);

function dataText(data: Record<string, unknown>, key: string): string {
  const value = data[key];
  return typeof value === "string" ? value : typeof value === "number" && Number.isFinite(value) ? String(value) : "";
}

/** The form showing a stored item; fields of other Types start empty. */
export function itemValues(item: NavItem): NavigationFormValues {
  const type: MenuType = isOneOf(MENU_TYPES, item.Type) ? item.Type : "URL";
  const data = item.Data;
  const text = (key: string, only?: MenuType) => (only === undefined || only === type ? dataText(data, key) : "");
  const names = Object.fromEntries(LANGUAGES.map((l) => [l, item.Names[l] ?? ""])) as Record<Language, string>;
  // Items written before `Names` keep their names in `Name` / `NameDE`.
  names.en ||= item.Name;
  names.de ||= item.NameDE;
  return {
    ...newItemValues(item.Position === "Bottom" ? "Bottom" : "Top"),
    Type: type,
    IsVisible: item.IsVisible,
    Names: names,
    IsSidebar: item.IsSidebar,
    SidebarType: isOneOf(SIDEBAR_TYPES, item.SidebarType) ? item.SidebarType : "",
    SidebarTitles: Object.fromEntries(LANGUAGES.map((l) => [l, item.SidebarTitles[l] ?? ""])) as Record<Language, string>,
    UrlMode: isOneOf(URL_MODES, data.mode) ? data.mode : "New tab",
    UrlSrc: text("src", "URL"),
    Code: text("code", "JS Call"),
    Module: text("module", "Module"),
    Addon: text("module", "Addon"),
    IframeUrl: text("url", "IFrame"),
    IframeWidth: text("width", "IFrame"),
    IframeHeight: text("height", "IFrame"),
    Slug: text("slug", "FullscreenIframe"),
    PageUrl: text("url", "FullscreenIframe"),
    NodeID: text("id", "Panorama"),
    LocationID: type === "VirtualLocation" && item.VirtualSpaceID !== NULL_ID ? item.VirtualSpaceID : "",
    MainNodeID: text("VirtualSpaceMainpanoID", "VirtualLocation"),
    LocationNodeID: text("id", "VirtualLocation"),
    Angle: type === "Panorama" || type === "VirtualLocation" ? text("angle") : "",
  };
}

/** A plain number goes as a number (degrees), anything else as the tour's "h,v,fov" string. */
function angleOf(value: string): { angle?: number | string } {
  const v = value.trim();
  if (v === "") return {};
  return { angle: /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v.replace(/\s+/g, "") };
}

/** Only the chosen Type's Data: the server refuses unknown fields inside Data too. */
export function dataOf(values: NavigationFormValues): Record<string, unknown> {
  switch (values.Type) {
    case "URL":
      return { mode: values.UrlMode, src: values.UrlSrc.trim() };
    case "JS Call":
      return { code: values.Code };
    case "Module":
      return { module: values.Module.trim() };
    case "Addon":
      return { module: values.Addon };
    case "IFrame":
      return { url: values.IframeUrl.trim(), width: values.IframeWidth.trim() || "100%", height: values.IframeHeight.trim() || "100%" };
    case "FullscreenIframe":
      return { slug: values.Slug.trim(), url: values.PageUrl.trim() };
    case "Panorama":
      return { id: values.NodeID.trim(), ...angleOf(values.Angle) };
    case "VirtualLocation":
      return { VirtualSpaceMainpanoID: values.MainNodeID.trim(), id: values.LocationNodeID.trim(), ...angleOf(values.Angle) };
  }
}

export interface BodyBase {
  /** Present on an update (the server checks it matches the path). */
  ID?: string;
  Index: number;
  /** The stored value, kept for Types other than VirtualLocation. */
  VirtualSpaceID: string;
}

export function itemBodyOf(values: NavigationFormValues, base: BodyBase): NavItemBody {
  const trimmed = (texts: Record<Language, string>) => Object.fromEntries(LANGUAGES.map((l) => [l, texts[l].trim()])) as Record<Language, string>;
  const names = trimmed(values.Names);
  return {
    ...(base.ID ? { ID: base.ID } : {}),
    Position: values.Position,
    IsVisible: values.IsVisible,
    Index: base.Index,
    Name: names.en,
    NameDE: names.de,
    Names: names,
    SidebarTitles: trimmed(values.SidebarTitles),
    Type: values.Type,
    SidebarType: values.IsSidebar && values.SidebarType !== "" ? values.SidebarType : null,
    Data: dataOf(values),
    VirtualSpaceID: values.Type === "VirtualLocation" ? values.LocationID.trim() || NULL_ID : base.VirtualSpaceID,
    IsSidebar: values.IsSidebar,
  };
}

// ---------------------------------------------------------------------------------------------
// Server refusals

/** Where a server name (`Data.src`, `Names.de`, …; the Type's tag already taken off) belongs. */
function fieldOf(path: string[], type: MenuType): NavigationField | null {
  const [head, key] = path;
  if ((head === "Names" || head === "SidebarTitles") && isOneOf(LANGUAGES, key)) return `${head}.${key}`;
  if (head === "Name") return "Names.en";
  if (head === "NameDE") return "Names.de";
  if (head === "VirtualSpaceID") return "LocationID";
  if (head === "Position" || head === "IsVisible" || head === "IsSidebar" || head === "SidebarType" || head === "Type") return head;
  if (head !== "Data") return null;
  const byKey: Record<string, NavigationField> = {
    mode: "UrlMode",
    src: "UrlSrc",
    code: "Code",
    module: type === "Addon" ? "Addon" : "Module",
    url: type === "FullscreenIframe" ? "PageUrl" : "IframeUrl",
    width: "IframeWidth",
    height: "IframeHeight",
    slug: "Slug",
    id: type === "VirtualLocation" ? "LocationNodeID" : "NodeID",
    VirtualSpaceMainpanoID: "MainNodeID",
    angle: "Angle",
  };
  return key === undefined ? null : (byKey[key] ?? null);
}

export interface MappedNavigationError {
  message: ErrorMessageKey;
  /** The form's fields the refusal names, in the order the server gave; empty: none of them. */
  fields: NavigationField[];
}

/**
 * A refused item names its fields in `Data.Problems[].Name` (core/errors.py): the location
 * pydantic reports after `body`, which for a union discriminated on Type starts with the Type
 * (`URL.Data.src`, `Panorama.Names.en`).
 */
export function mapNavigationError(error: unknown, type: MenuType): MappedNavigationError {
  const message = errorMessageKey(error);
  if (!(error instanceof ApiError) || typeof error.data !== "object" || error.data === null) return { message, fields: [] };
  const problems = (error.data as { Problems?: unknown }).Problems;
  const fields: NavigationField[] = [];
  for (const problem of Array.isArray(problems) ? problems : []) {
    const name = typeof problem === "object" && problem !== null ? (problem as { Name?: unknown }).Name : undefined;
    if (typeof name !== "string") continue;
    const parts = name.split(".");
    if (isOneOf(MENU_TYPES, parts[0])) parts.shift();
    const field = fieldOf(parts, type);
    if (field && !fields.includes(field)) fields.push(field);
  }
  return { message, fields };
}
