/**
 * The one owner of the browser database (schema and invariants: `db-schema.ts`). Dexie arrives as
 * a chunk of its own on first use, so pages that never touch the database (the events overview)
 * never load it, and the event's start-up fetches it alongside the event's metadata instead of
 * inside the first script.
 */
import type { VenuelyDb } from "./db-schema";

export type { EventRecord, JwtRecord, PersonRecord, ThemeRecord, VenuelyDb } from "./db-schema";

let instance: Promise<VenuelyDb> | null = null;

/** The database, opened lazily; every caller already handles a database that fails. */
export function db(): Promise<VenuelyDb> {
  instance ??= import("./db-schema").then(
    ({ VenuelyDb: Database }) => new Database(),
    (error: unknown) => {
      // A chunk that failed to load (offline after a deploy) may load on the next try.
      instance = null;
      throw error;
    },
  );
  return instance;
}
