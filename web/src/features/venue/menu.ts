/**
 * The event's navigation menus (attendee-app.md §3, §5, §9) as pure rules: which items show, in
 * which order, under which name, and what a click does. `MenuBar` only renders and dispatches.
 */
import type { MenuItem } from "@/features/events";
import { menuItemRoute } from "@/lib/routes";
import { parseJsCall, type JsAction } from "./js-actions";
import type { AgendaMode, LeftPanel, RightPanel } from "./panels";

export type MenuPosition = "Top" | "Bottom";

/** §5: Addon items work only for these modules. */
export const ADDON_MODULES = [
  "Auditorium",
  "BreakoutRoom",
  "Cinema",
  "EngagementIsland",
  "Helpdesk",
  "Landing",
  "Photobooth",
  "Polls",
  "TreasureHunt",
  "WallOfFame",
  "FAQ",
  "Iframe",
] as const;

/** Visible items of one position, by Index descending (§9); ties keep the server's order. */
export function menuItems(items: readonly MenuItem[], position: MenuPosition): MenuItem[] {
  return items
    .map((item, order) => ({ item, order }))
    .filter(({ item }) => item.IsVisible !== false && (item.Position ?? "Top") === position)
    .sort((a, b) => (b.item.Index ?? 0) - (a.item.Index ?? 0) || a.order - b.order)
    .map(({ item }) => item);
}

/** The item's label: Names[lang], then NameDE for German, then Name, then the English name. */
export function menuItemName(item: MenuItem, language: string): string {
  const names = item.Names ?? {};
  return (
    names[language] ||
    (language === "de" ? item.NameDE : "") ||
    item.Name ||
    names.en ||
    ""
  );
}

/** The sidebar title in the language, else the item's name. */
export function sidebarTitle(item: MenuItem & { SidebarTitles?: Record<string, string> }, language: string): string {
  return item.SidebarTitles?.[language] || item.SidebarTitles?.en || menuItemName(item, language);
}

const sidebarByType: Record<string, RightPanel> = {
  Agenda: "agenda",
  "Location Agenda": "agenda",
  Chat: "chat",
  Leaderboard: "leaderboard",
  Replays: "replays",
  Speakers: "speaker",
  FAQ: "faq",
};

/** Module names (Module and Addon items) that open a panel instead of a page. */
const moduleSidebars: Record<string, { right?: RightPanel; left?: LeftPanel }> = {
  agenda: { right: "agenda" },
  speakers: { right: "speaker" },
  speaker: { right: "speaker" },
  chat: { right: "chat" },
  leaderboard: { right: "leaderboard" },
  treasurehunt: { right: "leaderboard" },
  replays: { right: "replays" },
  cinema: { right: "cinema" },
  breakoutroom: { right: "breakoutroom" },
  polls: { left: "poll" },
  poll: { left: "poll" },
};

export type MenuAction =
  | { kind: "route"; to: string }
  | { kind: "panorama"; nodeID: string; angle: number | null }
  /** `mode`: the agenda's mode an "Agenda" or "Location Agenda" item opens it in. */
  | { kind: "right"; panel: RightPanel; mode?: AgendaMode }
  | { kind: "left"; panel: LeftPanel }
  | { kind: "url"; src: string; mode: "new" | "same" | "over" }
  | { kind: "iframe"; url: string; width: string; height: string }
  | { kind: "photobooth" }
  | { kind: "js"; action: JsAction }
  | { kind: "none"; reason: "addon-not-allowed" | "incomplete" | "unknown-type" | "js-unknown" };

function dataText(item: MenuItem, key: string): string {
  const value = item.Data?.[key];
  return typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
}

/** Angles are stored as a number (horizontal degrees) or "h,v,fov"; the yaw is what the venue uses. */
export function parseAngle(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "") {
    const yaw = Number(value.split(",")[0]);
    return Number.isFinite(yaw) ? yaw : null;
  }
  return null;
}

function isHttpUrl(value: string): boolean {
  return /^https?:\/\/[^\s/?#]+/i.test(value);
}

function size(value: unknown): string {
  if (typeof value === "number" && Number.isFinite(value)) return `${value}px`;
  if (typeof value === "string" && /^\d{1,5}(\.\d{1,3})?(px|%|vw|vh)?$/.test(value)) {
    return /\d$/.test(value) ? `${value}px` : value;
  }
  return "100%";
}

function moduleAction(module: string, faqInSidebar: boolean): MenuAction {
  const key = module.toLowerCase();
  if (key === "faq") return faqInSidebar ? { kind: "right", panel: "faq" } : { kind: "route", to: "/faq" };
  if (key === "photobooth") return { kind: "photobooth" };
  const panel = moduleSidebars[key];
  if (panel?.right) return { kind: "right", panel: panel.right };
  if (panel?.left) return { kind: "left", panel: panel.left };
  const to = menuItemRoute({ ID: "", Type: "Module", Data: { module } });
  return to ? { kind: "route", to } : { kind: "none", reason: "incomplete" };
}

export interface MenuContext {
  /** The event FAQ's IsSidebar flag: the FAQ opens in the right sidebar instead of /faq. */
  faqInSidebar: boolean;
}

/** What a click on the item does. Pure: the caller performs it. */
export function menuAction(item: MenuItem & { SidebarType?: string | null; IsSidebar?: boolean }, context: MenuContext): MenuAction {
  if (item.IsSidebar && item.SidebarType && sidebarByType[item.SidebarType]) {
    const panel = sidebarByType[item.SidebarType] as RightPanel;
    if (panel === "agenda") return { kind: "right", panel, mode: item.SidebarType === "Location Agenda" ? "location" : "agenda" };
    return { kind: "right", panel };
  }
  switch (item.Type) {
    case "URL": {
      const src = dataText(item, "src");
      if (!isHttpUrl(src)) return { kind: "none", reason: "incomplete" };
      const mode = dataText(item, "mode");
      return { kind: "url", src, mode: mode === "Same tab" ? "same" : mode === "Over page" ? "over" : "new" };
    }
    case "JS Call": {
      const action = parseJsCall(dataText(item, "code"));
      return action ? { kind: "js", action } : { kind: "none", reason: "js-unknown" };
    }
    case "Module": {
      const module = dataText(item, "module");
      return module ? moduleAction(module, context.faqInSidebar) : { kind: "none", reason: "incomplete" };
    }
    case "Addon": {
      const module = dataText(item, "module");
      const allowed = ADDON_MODULES.find((m) => m.toLowerCase() === module.toLowerCase());
      return allowed ? moduleAction(allowed, context.faqInSidebar) : { kind: "none", reason: "addon-not-allowed" };
    }
    case "IFrame": {
      const url = dataText(item, "url");
      if (!isHttpUrl(url)) return { kind: "none", reason: "incomplete" };
      return { kind: "iframe", url, width: size(item.Data?.width), height: size(item.Data?.height) };
    }
    case "FullscreenIframe": {
      const to = menuItemRoute(item);
      return to ? { kind: "route", to } : { kind: "none", reason: "incomplete" };
    }
    case "Panorama":
    case "VirtualLocation": {
      const nodeID = dataText(item, "id");
      if (!nodeID) return { kind: "none", reason: "incomplete" };
      return { kind: "panorama", nodeID, angle: parseAngle(item.Data?.angle) };
    }
    default:
      return { kind: "none", reason: "unknown-type" };
  }
}

/** True when the item leads somewhere; items that cannot work are shown disabled, never hidden silently. */
export const isActionable = (action: MenuAction): boolean => action.kind !== "none";
