/**
 * The console's session: the organizer's token from `POST /loginadmin`, kept apart from the
 * attendees' per-event tokens under its own key (`storageKeys.consoleJwt`, local storage, so a
 * new tab of the console starts signed in) and followed across tabs through the `storage`
 * event (a logout in one tab signs out the others). A token that cannot be read is refused.
 *
 * `notice` carries why the person is back at the login screen: no organizer rights, or they
 * logged out (then the login does not lead back to the page they left).
 */
import { create } from "zustand";
import { parseToken, type TokenClaims } from "@/features/accounts/token";
import { readItem, removeItem, storageKeys, writeItem } from "@/lib/storage";

export type ConsoleNotice = "noRights" | "loggedOut" | null;

interface ConsoleSessionState {
  token: string | null;
  claims: TokenClaims | null;
  notice: ConsoleNotice;
}

export const useConsoleSession = create<ConsoleSessionState>(() => ({ token: null, claims: null, notice: null }));

function apply(token: string | null): boolean {
  const claims = token ? parseToken(token) : null;
  if (token && claims) {
    useConsoleSession.setState({ token, claims });
    return true;
  }
  useConsoleSession.setState({ token: null, claims: null });
  return false;
}

let listening = false;

/** Start-up: the stored token (an unreadable one is deleted), then follow other tabs. */
export function initConsoleSession(): void {
  const stored = readItem("local", storageKeys.consoleJwt);
  if (!apply(stored) && stored) removeItem("local", storageKeys.consoleJwt);
  if (listening || typeof window === "undefined") return;
  listening = true;
  window.addEventListener("storage", (event) => {
    if (event.key === storageKeys.consoleJwt || event.key === null) apply(readItem("local", storageKeys.consoleJwt));
  });
}

/** A fresh token from the login answer; false (and nothing stored) when it cannot be read. */
export function storeConsoleToken(token: string): boolean {
  if (!apply(token)) return false;
  writeItem("local", storageKeys.consoleJwt, token);
  useConsoleSession.setState({ notice: null });
  return true;
}

export function clearConsoleToken(notice: ConsoleNotice = null): void {
  removeItem("local", storageKeys.consoleJwt);
  apply(null);
  useConsoleSession.setState({ notice });
}

export function consoleToken(): string | null {
  return useConsoleSession.getState().token;
}
