/**
 * The browser database's schema (IndexedDB through Dexie). Only `db.ts` imports it, lazily: Dexie
 * is a large part of the start-up JavaScript and none of it is needed to draw the first page.
 *
 * Tables and keys are the spec's (attendee-app.md §3): events (eventID), themes (EventID),
 * persons (ID), jwts (eventID). Schema version 2. Invariant: never change a version's stores in
 * place — add `this.version(3).stores(...)` with an upgrade function instead, so browsers holding
 * version 2 data migrate rather than fail to open.
 */
import Dexie, { type EntityTable } from "dexie";

export interface EventRecord {
  eventID: string;
  /** The public event (GET events/{id}/public), once loaded with a token. */
  event: unknown;
  /** The metadata (GET events/name/{name}/metadata). */
  metadata: unknown;
}

export interface ThemeRecord {
  EventID: string;
  theme: unknown;
}

export interface PersonRecord {
  ID: string;
  person: unknown;
}

export interface JwtRecord {
  eventID: string;
  token: string;
}

export class VenuelyDb extends Dexie {
  events!: EntityTable<EventRecord, "eventID">;
  themes!: EntityTable<ThemeRecord, "EventID">;
  persons!: EntityTable<PersonRecord, "ID">;
  jwts!: EntityTable<JwtRecord, "eventID">;

  constructor(name = "venuely") {
    super(name);
    // Version 1 never shipped in this code base; version 2 is the spec's schema.
    this.version(2).stores({
      events: "eventID",
      themes: "EventID",
      persons: "ID",
      jwts: "eventID",
    });
  }
}
