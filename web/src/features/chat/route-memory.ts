/**
 * The chat routes' memory (attendee-app.md §2): `/chat/direct/{personID}` and
 * `/chat/group/{groupID}` store their target in session storage, go back to the previous page and
 * the chat opens it from there. Session storage keeps the target across the route change (and a
 * reload in between) but not across tabs.
 */
import { readItem, removeItem, writeItem } from "@/lib/storage";

export const CHAT_TARGET_KEY = "chat_route_target";

export interface ChatTarget {
  kind: "direct" | "group";
  id: string;
}

export function rememberTarget(target: ChatTarget): void {
  writeItem("session", CHAT_TARGET_KEY, JSON.stringify(target));
}

/** Returns the remembered target once and forgets it. */
export function takeTarget(): ChatTarget | null {
  const raw = readItem("session", CHAT_TARGET_KEY);
  if (raw === null) return null;
  removeItem("session", CHAT_TARGET_KEY);
  try {
    const value = JSON.parse(raw) as Partial<ChatTarget>;
    if ((value.kind === "direct" || value.kind === "group") && typeof value.id === "string" && /^[0-9a-f]{24}$/.test(value.id)) {
      return { kind: value.kind, id: value.id };
    }
  } catch {
    // a broken value is simply forgotten
  }
  return null;
}
