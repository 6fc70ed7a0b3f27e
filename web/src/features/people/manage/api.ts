/**
 * The People section's calls (server: people/router.py, privacy/router.py), all with the
 * console's token (the shell registers it with the API client; files are fetched with it
 * through lib/download.ts because a plain link cannot send it):
 * - `GET /events/{E}/people?State=&Search=&Cursor=&Limit=`: a page of the event's people by
 *   address, with the `Total` the filter and search match; `Cursor` is the last `NextCursor`;
 * - `POST /events/{E}/invitations` `{Emails | CSV, Confirm}` (see `importInvitations`);
 * - `GET /events/{E}/people/export` (CSV), `GET /events/{E}/people/{P}/data-export` (zip);
 * - remove/restore, chat ban/unban, password-reset mail, erase the person's data in the event.
 * Query keys start with `["manage", "people", E]`, so one invalidation refreshes the list and
 * its counts after any action.
 */
import { infiniteQueryOptions } from "@tanstack/react-query";
import { ApiError, request } from "@/lib/api-client";
import { downloadFile } from "@/lib/download";
import { readItem, storageKeys } from "@/lib/storage";

export const PEOPLE_FILTERS = ["all", "invited", "registered", "verified", "removed", "banned"] as const;
export type PeopleFilter = (typeof PEOPLE_FILTERS)[number];
export type RegistrationState = "invited" | "registered" | "verified";

/** A row of the list (people/schemas.py PersonRow): an unused invitation has no `PersonID`. */
export interface PersonRow {
  PersonID: string | null;
  Email: string;
  FirstName: string;
  LastName: string;
  State: RegistrationState;
  Removed: boolean;
  ChatBanned: boolean;
  InvitedAt: string | null;
  RegisteredAt: string | null;
  LastSeenAt: string | null;
}

/** Every filter's count for the same search (the tabs), sent with any page. */
export interface PeopleCounts {
  All: number;
  Invited: number;
  Registered: number;
  Verified: number;
  Removed: number;
  Banned: number;
}

export interface PeoplePage {
  Rows: PersonRow[];
  /** Every row the search and filter match, not only this page's. */
  Total: number;
  Counts: PeopleCounts;
  /** The `Cursor` of the next page; null on the last one. */
  NextCursor: string | null;
}

export type ImportStatus = "ok" | "invalid" | "duplicate" | "already_invited" | "already_registered" | "missing_header";

export interface ImportRow {
  /** 1-based line of the CSV, or position in the pasted list. */
  Line: number;
  Email: string;
  Status: ImportStatus;
  Message: string;
}

export interface ImportAnswer {
  Rows: ImportRow[];
  /** How many invitations were stored and mailed. */
  Invited: number;
}

/** What is imported: a pasted list (split by the server) or a CSV with an `email` header. */
export type ImportSource = { kind: "pasted"; text: string } | { kind: "csv"; text: string };

export const PAGE_SIZE = 50;
/** The server's limit on one import (people/schemas.py MAX_IMPORT_BYTES): a larger file is
 * refused here before it is read. */
export const IMPORT_MAX_BYTES = 1024 * 1024;

const id = encodeURIComponent;
const peoplePath = (eventId: string) => `/events/${id(eventId)}/people`;
const personPath = (eventId: string, personId: string) => `${peoplePath(eventId)}/${id(personId)}`;

export const peopleKeys = {
  all: (eventId: string) => ["manage", "people", eventId] as const,
  list: (eventId: string, filter: PeopleFilter, search: string) => [...peopleKeys.all(eventId), "list", filter, search] as const,
};

export function listPeople(
  eventId: string,
  filter: PeopleFilter,
  search: string,
  cursor: string | undefined,
  limit: number,
  signal?: AbortSignal,
): Promise<PeoplePage> {
  return request<PeoplePage>(peoplePath(eventId), {
    query: { State: filter === "all" ? undefined : filter, Search: search || undefined, Cursor: cursor, Limit: limit },
    ...(signal ? { signal } : {}),
  });
}

/** The row's key for React: the person, or the invited address. */
export const rowKey = (row: PersonRow): string => row.PersonID ?? `invited:${row.Email}`;

export const peopleQuery = (eventId: string, filter: PeopleFilter, search: string) =>
  infiniteQueryOptions({
    queryKey: peopleKeys.list(eventId, filter, search),
    queryFn: ({ pageParam, signal }) => listPeople(eventId, filter, search, pageParam, PAGE_SIZE, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: PeoplePage) => last.NextCursor ?? undefined,
  });

/** A tab's count in the page's `Counts`. */
export const countOf = (counts: PeopleCounts, filter: PeopleFilter): number =>
  ({ all: counts.All, invited: counts.Invited, registered: counts.Registered, verified: counts.Verified, removed: counts.Removed, banned: counts.Banned })[filter];

/**
 * `POST /events/{E}/invitations`. Without `confirm` the server invites only when every row is
 * good; otherwise it stores nothing and refuses with INVITATION_IMPORT_INVALID, the per-row
 * report in `Data.Rows` (`importReport` reads it). With `confirm` the good rows are invited.
 */
export function importInvitations(eventId: string, source: ImportSource, confirm: boolean): Promise<ImportAnswer> {
  const body = source.kind === "csv" ? { CSV: source.text, Confirm: confirm } : { Emails: [source.text], Confirm: confirm };
  return request<ImportAnswer>(`/events/${id(eventId)}/invitations`, { method: "POST", body });
}

/** The per-row report of a refused import, or null for any other failure. */
export function importReport(error: unknown): ImportRow[] | null {
  if (!(error instanceof ApiError) || error.code !== "INVITATION_IMPORT_INVALID") return null;
  const rows = (error.data as { Rows?: unknown } | null)?.Rows;
  return Array.isArray(rows) ? (rows as ImportRow[]) : null;
}

export type PersonAction = "remove" | "restore" | "ban" | "unban" | "passwordReset" | "erase";

/** Each row action's route. */
export function runPersonAction(eventId: string, personId: string, action: PersonAction): Promise<unknown> {
  const path = personPath(eventId, personId);
  switch (action) {
    case "remove":
      return request(`${path}/removal`, { method: "PUT" });
    case "restore":
      return request(`${path}/removal`, { method: "DELETE" });
    case "ban":
      return request(`${path}/chat-ban`, { method: "PUT" });
    case "unban":
      return request(`${path}/chat-ban`, { method: "DELETE" });
    case "passwordReset":
      return request(`${path}/password-reset`, { method: "POST" });
    case "erase":
      return request(`${path}/data`, { method: "DELETE" });
  }
}

const consoleToken = () => readItem("local", storageKeys.consoleJwt);

export function downloadPeopleCsv(eventId: string): Promise<void> {
  return downloadFile({ path: `${peoplePath(eventId)}/export`, token: consoleToken(), type: "text/csv", fallbackName: "people.csv" });
}

export function downloadPersonData(eventId: string, personId: string): Promise<void> {
  return downloadFile({
    path: `${personPath(eventId, personId)}/data-export`,
    token: consoleToken(),
    type: "application/zip",
    fallbackName: `person-${personId}-data.zip`,
  });
}
