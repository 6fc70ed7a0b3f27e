/**
 * Who is signed in to the console: the person of the console's token. The shell keeps that token
 * under `storageKeys.consoleJwt` (app/console/session.ts) and sends it with every call; features
 * do not import the shell, so the screen reads the same stored token. Null when it cannot be read
 * (storage disabled): then no row is marked as the caller's own.
 */
import { parseToken } from "@/features/accounts";
import { readItem, storageKeys } from "@/lib/storage";

export function consolePersonId(): string | null {
  return parseToken(readItem("local", storageKeys.consoleJwt))?.personId ?? null;
}
