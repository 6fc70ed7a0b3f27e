/**
 * How the Navigation screen names things in the console's language: the Types, panels, modes and
 * modules (their stored values are the server's vocabulary, some with spaces, so each maps to a
 * key), an item's name, and one line saying where an item leads.
 */
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { ErrorMessageKey } from "@/lib/errors";
import type { NavItem, TourRoom } from "./navigation-api";
import { itemName, type MenuPosition } from "./navigation-order";
import { isNavigationValidationKey, type MenuType, type SidebarKind, type UrlMode } from "./navigation-schema";

const typeKeys = {
  URL: "url",
  "JS Call": "jsCall",
  Module: "module",
  Addon: "addon",
  IFrame: "iframe",
  FullscreenIframe: "fullscreenIframe",
  Panorama: "panorama",
  VirtualLocation: "virtualLocation",
} as const satisfies Record<MenuType, string>;

const sidebarKeys = {
  Agenda: "agenda",
  Chat: "chat",
  Leaderboard: "leaderboard",
  Replays: "replays",
  Speakers: "speakers",
  FAQ: "faq",
  "Location Agenda": "locationAgenda",
} as const satisfies Record<SidebarKind, string>;

const modeKeys = { "New tab": "newTab", "Same tab": "sameTab", "Over page": "overPage" } as const satisfies Record<UrlMode, string>;

type ModuleKey = "auditorium" | "breakoutroom" | "cinema" | "engagement" | "helpdesk" | "landing" | "walloffame" | "faq" | "iframe" | "agenda" | "speakers" | "chat" | "leaderboard" | "replays" | "polls" | "photobooth" | "treasurehunt";
/** Module and Addon names as the attendee app compares them (lower case) to the label's key. */
const moduleKeys: Record<string, ModuleKey> = {
  auditorium: "auditorium",
  breakoutroom: "breakoutroom",
  cinema: "cinema",
  engagement: "engagement",
  engagementisland: "engagement",
  helpdesk: "helpdesk",
  landing: "landing",
  walloffame: "walloffame",
  faq: "faq",
  iframe: "iframe",
  agenda: "agenda",
  speakers: "speakers",
  speaker: "speakers",
  chat: "chat",
  leaderboard: "leaderboard",
  replays: "replays",
  polls: "polls",
  poll: "polls",
  photobooth: "photobooth",
  treasurehunt: "treasurehunt",
};

const has = <T extends object>(table: T, key: unknown): key is keyof T => typeof key === "string" && Object.hasOwn(table, key);

function dataText(item: NavItem, key: string): string {
  const value = item.Data[key];
  return typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
}

/** A room's name in the language, else English, else its ID. */
export function roomName(room: TourRoom, language: string): string {
  return room.name[language] || room.name.en || room.id;
}

export function useNavigationLabels(rooms: readonly TourRoom[]) {
  const { t, i18n } = useTranslation("navigation");
  const language = i18n.language;

  const typeLabel = useCallback((type: string) => (has(typeKeys, type) ? t(`types.${typeKeys[type]}`) : type), [t]);
  const panelLabel = useCallback((kind: string) => (has(sidebarKeys, kind) ? t(`sidebarTypes.${sidebarKeys[kind]}`) : kind), [t]);
  const modeLabel = useCallback((mode: string) => (has(modeKeys, mode) ? t(`urlModes.${modeKeys[mode]}`) : mode), [t]);
  const moduleLabel = useCallback((module: string) => {
    const key = moduleKeys[module.toLowerCase()];
    return key ? t(`modules.${key}`) : module;
  }, [t]);
  const menuLabel = useCallback((position: MenuPosition) => t(`positions.${position}`), [t]);
  const nameOf = useCallback((item: NavItem) => itemName(item, language) || t("noName"), [language, t]);

  const room = useCallback(
    (nodeId: string) => {
      const found = rooms.find((r) => r.id === nodeId || r.customID === nodeId);
      return found ? t("target.roomOption", { name: roomName(found, language), id: nodeId }) : nodeId;
    },
    [language, rooms, t],
  );

  /** One line saying where the item leads, or that it leads nowhere yet. */
  const summary = useCallback(
    (item: NavItem): string => {
      const value = (key: string) => dataText(item, key);
      const missing = t("summary.missing");
      switch (item.Type) {
        case "URL":
          return value("src") ? t("summary.url", { src: value("src"), mode: modeLabel(value("mode")) }) : missing;
        case "JS Call": {
          const code = value("code");
          return code ? t("summary.jsCall", { code: code.length > 60 ? `${code.slice(0, 59)}…` : code }) : missing;
        }
        case "Module":
          return value("module") ? t("summary.module", { module: moduleLabel(value("module")) }) : missing;
        case "Addon":
          return value("module") ? t("summary.addon", { module: moduleLabel(value("module")) }) : missing;
        case "IFrame":
          return value("url") ? t("summary.iframe", { url: value("url") }) : missing;
        case "FullscreenIframe":
          return value("slug") ? t("summary.fullscreenIframe", { slug: value("slug") }) : missing;
        case "Panorama":
          return value("id") ? t("summary.panorama", { room: room(value("id")) }) : missing;
        case "VirtualLocation":
          return value("id") ? t("summary.virtualLocation", { room: room(value("id")) }) : missing;
        default:
          return missing;
      }
    },
    [modeLabel, moduleLabel, room, t],
  );

  return { typeLabel, panelLabel, modeLabel, moduleLabel, menuLabel, nameOf, summary, language };
}

export type NavigationLabels = ReturnType<typeof useNavigationLabels>;

/** The translated message of a form error: a rule of ours or a server code's message. */
export function useNavigationMessage() {
  const { t } = useTranslation("navigation");
  const { t: tc } = useTranslation();
  return (value: unknown): string | undefined => {
    if (isNavigationValidationKey(value)) return t(`validation.${value}`);
    if (typeof value === "string" && value.startsWith("errors.")) return tc(value as ErrorMessageKey);
    return undefined;
  };
}
