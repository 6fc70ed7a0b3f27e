/**
 * The theme store: applies a theme to the document, keeps it in the browser database (table
 * themes) so the login screen of a returning visitor is themed before any call, and shares it on
 * `themeStore_generic`.
 */
import { openChannel, type Channel } from "@/lib/broadcast";
import { db } from "@/lib/db";
import { faviconUrl, themeStylesheet, type Theme } from "./theme";

const STYLE_ID = "venuely-theme";
const DEFAULT_FAVICON = "/favicon.svg";

type ThemeMessage = { type: "store"; eventID: string; theme: Theme } | { type: "clear"; eventID: string };

let channel: Channel<ThemeMessage> | null = null;

export function applyTheme(theme: Theme | null): void {
  let style = document.getElementById(STYLE_ID);
  if (!style) {
    style = document.createElement("style");
    style.id = STYLE_ID;
    document.head.appendChild(style);
  }
  // textContent: the stylesheet is data, never parsed as HTML.
  style.textContent = theme ? themeStylesheet(theme) : "";
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) icon.href = (theme && faviconUrl(theme)) ?? DEFAULT_FAVICON;
}

export async function restoreTheme(eventID: string): Promise<void> {
  channel?.close();
  channel = openChannel<ThemeMessage>("themeStore");
  channel.subscribe((m) => {
    if (m.eventID === eventID) applyTheme(m.type === "store" ? m.theme : null);
  });
  try {
    const record = await (await db()).themes.get(eventID);
    applyTheme((record?.theme as Theme | undefined) ?? null);
  } catch {
    applyTheme(null);
  }
}

export async function storeTheme(eventID: string, theme: Theme | null): Promise<void> {
  applyTheme(theme);
  try {
    const store = await db();
    if (theme) await store.themes.put({ EventID: eventID, theme });
    else await store.themes.delete(eventID);
  } catch {
    // cache only
  }
  channel?.post(theme ? { type: "store", eventID, theme } : { type: "clear", eventID });
}
