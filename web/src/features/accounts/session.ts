/**
 * The token store: the JWT of the current event, kept in session storage (`jwt_{eventID}`) and
 * in the browser database (table jwts) so a new tab of the same browser starts signed in, and
 * shared live between tabs on the `jwtStore_generic` channel (store / clear messages).
 * A token that cannot be parsed is refused everywhere it enters.
 */
import { create } from "zustand";
import { openChannel, type Channel } from "@/lib/broadcast";
import { db } from "@/lib/db";
import { readItem, removeItem, storageKeys, writeItem } from "@/lib/storage";
import { parseToken, type TokenClaims } from "./token";

type JwtMessage =
  | { type: "store"; eventID: string; token: string }
  | { type: "clear"; eventID: string };

interface SessionState {
  eventID: string | null;
  token: string | null;
  claims: TokenClaims | null;
}

export const useSession = create<SessionState>(() => ({ eventID: null, token: null, claims: null }));

let channel: Channel<JwtMessage> | null = null;

function setLocal(eventID: string, token: string | null): void {
  const claims = token ? parseToken(token) : null;
  if (token && claims) {
    writeItem("session", storageKeys.jwt(eventID), token);
    useSession.setState({ eventID, token, claims });
  } else {
    removeItem("session", storageKeys.jwt(eventID));
    useSession.setState({ eventID, token: null, claims: null });
  }
}

async function readStoredToken(eventID: string): Promise<string | null> {
  const fromSession = readItem("session", storageKeys.jwt(eventID));
  if (fromSession) return fromSession;
  try {
    return (await (await db()).jwts.get(eventID))?.token ?? null;
  } catch {
    return null;
  }
}

/** Start-up step "token refresh": load the stored token and join the tab channel. */
export async function initSession(eventID: string): Promise<void> {
  const stored = await readStoredToken(eventID);
  const claims = stored ? parseToken(stored) : null;
  if (stored && !claims) {
    await clearToken(eventID, false);
  } else {
    setLocal(eventID, stored);
  }
  channel?.close();
  channel = openChannel<JwtMessage>("jwtStore");
  channel.subscribe((message) => {
    if (message.eventID !== useSession.getState().eventID) return;
    if (message.type === "store" && parseToken(message.token)) setLocal(message.eventID, message.token);
    if (message.type === "clear") setLocal(message.eventID, null);
  });
}

/** Store a freshly issued token. Returns false (and stores nothing) when it cannot be parsed. */
export async function storeToken(eventID: string, token: string): Promise<boolean> {
  if (!parseToken(token)) return false;
  setLocal(eventID, token);
  try {
    await (await db()).jwts.put({ eventID, token });
  } catch {
    // IndexedDB unavailable: this tab still has the token in session storage.
  }
  channel?.post({ type: "store", eventID, token });
  return true;
}

export async function clearToken(eventID: string, broadcast = true): Promise<void> {
  setLocal(eventID, null);
  try {
    await (await db()).jwts.delete(eventID);
  } catch {
    // as above
  }
  if (broadcast) channel?.post({ type: "clear", eventID });
}

export function currentToken(): string | null {
  return useSession.getState().token;
}
