/**
 * The menu item form's rules (zod, read by react-hook-form), mirroring the server's pydantic
 * classes in `server/src/venuely/events/menu.py` (one per `Type`):
 *
 * - names and sidebar titles at most 200 characters per language; `SidebarType` one of seven;
 * - URL: `mode` New tab / Same tab / Over page, `src` an http(s) URL of at most 2000 characters;
 * - JS Call: `code` 1–10,000 characters; Module: `module` 1–100; Addon: one of `ADDON_MODULES`;
 * - IFrame: `url` as URL's `src`, `width`/`height` a number with px, %, vw or vh (or none);
 * - FullscreenIframe: `slug` 1–100 of `a-z 0-9 -`, `url` as URL's `src` (optional on the server,
 *   which keeps items stored before it); Panorama / VirtualLocation: node ids 1–200,
 *   `angle` a number or a short string; `VirtualSpaceID` a 24-hex id.
 *
 * The console adds rules of its own where the server accepts what cannot work for attendees:
 * an English name (the fallback of every language), a panel when the button opens the sidebar,
 * a slug no other page uses (`/page/{slug}` finds the first), the address a full-screen page
 * frames (without it the page has nothing to show), node ids without spaces (they are a
 * route segment), a blank script. Lengths count code points, as Python does. Messages are keys
 * under `validation.*` of the `navigation` namespace.
 */
import { z } from "zod";
import { supportedLanguages, type Language } from "@/lib/locale";

export const MENU_TYPES = ["URL", "JS Call", "Module", "Addon", "IFrame", "FullscreenIframe", "Panorama", "VirtualLocation"] as const;
export type MenuType = (typeof MENU_TYPES)[number];

/** attendee-app.md §5 and the server's `ADDON_MODULES`: Addon items work only for these. */
export const ADDON_MODULES = ["Auditorium", "BreakoutRoom", "Cinema", "EngagementIsland", "Helpdesk", "Landing", "Photobooth", "Polls", "TreasureHunt", "WallOfFame", "FAQ", "Iframe"] as const;

/** Module names with a page of their own (attendee-app.md §2 "Menu module targets", lib/routes.ts). */
export const MODULE_PAGES = ["auditorium", "breakoutroom", "cinema", "engagement", "helpdesk", "landing", "walloffame", "faq", "iframe"] as const;
/** Module names the attendee app opens as a sidebar panel or the photobooth (features/venue/menu.ts). */
export const MODULE_PANELS = ["agenda", "speakers", "chat", "leaderboard", "replays", "polls", "photobooth"] as const;

export const SIDEBAR_TYPES = ["Agenda", "Chat", "Leaderboard", "Replays", "Speakers", "FAQ", "Location Agenda"] as const;
export type SidebarKind = (typeof SIDEBAR_TYPES)[number];

export const URL_MODES = ["New tab", "Same tab", "Over page"] as const;
export type UrlMode = (typeof URL_MODES)[number];

export const LANGUAGES = supportedLanguages;
export const TEXT_MAX = 200;
export const URL_MAX = 2000;
export const CODE_MAX = 10_000;
export const MODULE_MAX = 100;
export const SLUG_MAX = 100;
export const NODE_MAX = 200;
export const ANGLE_MAX = 100;

const HTTP_URL = /^https?:\/\/[^\s/?#]+\S*$/i;
const SIZE = /^\d{1,5}(\.\d{1,3})?(px|%|vw|vh)?$/;
const SLUG = /^[a-z0-9-]+$/;
const NODE = /^\S+$/;
const ANGLE = /^-?\d+(\.\d+)?(\s*,\s*-?\d+(\.\d+)?){0,2}$/;
const ID = /^[0-9a-f]{24}$/;

export const navigationValidationKeys = [
  "nameRequired",
  "textTooLong",
  "sidebarTypeRequired",
  "urlRequired",
  "urlInvalid",
  "urlTooLong",
  "codeRequired",
  "codeTooLong",
  "moduleRequired",
  "moduleTooLong",
  "addonRequired",
  "sizeInvalid",
  "slugRequired",
  "slugInvalid",
  "slugTooLong",
  "slugTaken",
  "nodeRequired",
  "nodeInvalid",
  "angleInvalid",
  "locationIdInvalid",
  "defaultPageUnknown",
] as const;
export type NavigationValidationKey = (typeof navigationValidationKeys)[number];

export function isNavigationValidationKey(value: unknown): value is NavigationValidationKey {
  return typeof value === "string" && (navigationValidationKeys as readonly string[]).includes(value);
}

/** Characters as Python counts them (code points). */
const chars = (value: string) => Array.from(value).length;

const localized = z.object(
  Object.fromEntries(LANGUAGES.map((l) => [l, z.string().refine((v) => chars(v.trim()) <= TEXT_MAX, "textTooLong")])) as Record<Language, z.ZodString>,
);

export const navigationFormBase = z.object({
  Position: z.enum(["Top", "Bottom"]),
  Type: z.enum(MENU_TYPES),
  IsVisible: z.boolean(),
  Names: localized,
  IsSidebar: z.boolean(),
  SidebarType: z.union([z.enum(SIDEBAR_TYPES), z.literal("")]),
  SidebarTitles: localized,
  UrlMode: z.enum(URL_MODES),
  UrlSrc: z.string(),
  Code: z.string(),
  Module: z.string(),
  Addon: z.string(),
  IframeUrl: z.string(),
  IframeWidth: z.string(),
  IframeHeight: z.string(),
  Slug: z.string(),
  PageUrl: z.string(),
  NodeID: z.string(),
  LocationID: z.string(),
  MainNodeID: z.string(),
  LocationNodeID: z.string(),
  Angle: z.string(),
});
export type NavigationFormValues = z.infer<typeof navigationFormBase>;
export type NavigationField = Exclude<keyof NavigationFormValues, "Names" | "SidebarTitles"> | `Names.${Language}` | `SidebarTitles.${Language}`;

export interface NavigationRulesContext {
  /** Slugs of the event's other FullscreenIframe items (not the one being edited). */
  slugsTaken: ReadonlySet<string>;
}

type Issue = (path: NavigationField, message: NavigationValidationKey) => void;

function checkUrl(value: string, path: NavigationField, issue: Issue): void {
  const v = value.trim();
  if (v === "") issue(path, "urlRequired");
  else if (chars(v) > URL_MAX) issue(path, "urlTooLong");
  else if (!HTTP_URL.test(v)) issue(path, "urlInvalid");
}

function checkNode(value: string, path: NavigationField, issue: Issue): void {
  const v = value.trim();
  if (v === "") issue(path, "nodeRequired");
  else if (chars(v) > NODE_MAX || !NODE.test(v)) issue(path, "nodeInvalid");
}

/** The rules of the fields the chosen Type uses; the others are kept but not checked or sent. */
function checkTarget(values: NavigationFormValues, context: NavigationRulesContext, issue: Issue): void {
  switch (values.Type) {
    case "URL":
      return checkUrl(values.UrlSrc, "UrlSrc", issue);
    case "JS Call": {
      if (values.Code.trim() === "") issue("Code", "codeRequired");
      else if (chars(values.Code) > CODE_MAX) issue("Code", "codeTooLong");
      return;
    }
    case "Module": {
      const v = values.Module.trim();
      if (v === "") issue("Module", "moduleRequired");
      else if (chars(v) > MODULE_MAX) issue("Module", "moduleTooLong");
      return;
    }
    case "Addon":
      if (!(ADDON_MODULES as readonly string[]).includes(values.Addon)) issue("Addon", "addonRequired");
      return;
    case "IFrame":
      checkUrl(values.IframeUrl, "IframeUrl", issue);
      if (!(values.IframeWidth.trim() === "" || SIZE.test(values.IframeWidth.trim()))) issue("IframeWidth", "sizeInvalid");
      if (!(values.IframeHeight.trim() === "" || SIZE.test(values.IframeHeight.trim()))) issue("IframeHeight", "sizeInvalid");
      return;
    case "FullscreenIframe": {
      const v = values.Slug.trim();
      if (v === "") issue("Slug", "slugRequired");
      else if (chars(v) > SLUG_MAX) issue("Slug", "slugTooLong");
      else if (!SLUG.test(v)) issue("Slug", "slugInvalid");
      else if (context.slugsTaken.has(v)) issue("Slug", "slugTaken");
      checkUrl(values.PageUrl, "PageUrl", issue);
      return;
    }
    case "Panorama":
      checkNode(values.NodeID, "NodeID", issue);
      break;
    case "VirtualLocation":
      if (!(values.LocationID.trim() === "" || ID.test(values.LocationID.trim()))) issue("LocationID", "locationIdInvalid");
      checkNode(values.MainNodeID, "MainNodeID", issue);
      checkNode(values.LocationNodeID, "LocationNodeID", issue);
      break;
  }
  const angle = values.Angle.trim();
  if (angle !== "" && (chars(angle) > ANGLE_MAX || !ANGLE.test(angle))) issue("Angle", "angleInvalid");
}

export function navigationFormSchema(context: NavigationRulesContext) {
  return navigationFormBase.superRefine((values, ctx) => {
    const issue: Issue = (path, message) => ctx.addIssue({ code: "custom", path: path.split("."), message });
    if (values.Names.en.trim() === "") issue("Names.en", "nameRequired");
    if (values.IsSidebar && values.SidebarType === "") issue("SidebarType", "sidebarTypeRequired");
    checkTarget(values, context, issue);
  });
}

const emptyTexts = (): Record<Language, string> => ({ en: "", de: "", es: "", fr: "", it: "" });

/** The form for a new item of a menu. */
export function newItemValues(position: "Top" | "Bottom"): NavigationFormValues {
  return {
    Position: position,
    Type: "Panorama",
    IsVisible: true,
    Names: emptyTexts(),
    IsSidebar: false,
    SidebarType: "",
    SidebarTitles: emptyTexts(),
    UrlMode: "New tab",
    UrlSrc: "",
    Code: "",
    Module: "",
    Addon: "",
    IframeUrl: "",
    IframeWidth: "",
    IframeHeight: "",
    Slug: "",
    PageUrl: "",
    NodeID: "",
    LocationID: "",
    MainNodeID: "",
    LocationNodeID: "",
    Angle: "",
  };
}
