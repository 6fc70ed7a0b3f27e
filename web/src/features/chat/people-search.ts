/**
 * Finding people of the event: the attendee ids whose name contains the search term (a keyset
 * page of `GET …/attendees/ids`), then their names and pictures (`POST …/lists/attendees`). The
 * person is left out of the results; the cursor of the next page is the last id the server
 * answered, which may be the person's own, so leaving them out never ends the paging early.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { getAttendeeIDs, getAttendees } from "./api";
import { rememberNames, useChat } from "./store";
import type { ChatAttendee } from "./types";

/** Typing waits this long for a pause before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;
export const PEOPLE_PAGE = 20;

export interface PeoplePage {
  people: ChatAttendee[];
  /** The `LastID` of the next page, or null when this page was the last. */
  next: string | null;
}

export async function fetchPeoplePage(eventID: string, me: string, term: string, lastID: string | null): Promise<PeoplePage> {
  const ids = await getAttendeeIDs(eventID, {
    SearchTerm: term || undefined,
    LastID: lastID ?? undefined,
    Limit: PEOPLE_PAGE,
  });
  const others = ids.filter((id) => id !== me);
  const found = others.length > 0 ? await getAttendees(eventID, others) : [];
  const byID = new Map(found.map((attendee) => [attendee.PersonID, attendee]));
  // In the ids' order (the server's paging order), and only those the name lookup still knows.
  const people = others.flatMap((id) => byID.get(id) ?? []);
  return { people, next: ids.length === PEOPLE_PAGE ? (ids.at(-1) ?? null) : null };
}

export interface PeopleSearch {
  term: string;
  setTerm: (term: string) => void;
  /** `loading` for the first page of a search; `failed` when it could not be read. */
  status: "loading" | "ready" | "failed";
  error: unknown;
  people: ChatAttendee[];
  hasMore: boolean;
  loadingMore: boolean;
  /** The last "more" failed; what is shown stays. */
  moreFailed: boolean;
  loadMore: () => void;
  retry: () => void;
}

interface Result {
  status: PeopleSearch["status"];
  error: unknown;
  people: ChatAttendee[];
  next: string | null;
  loadingMore: boolean;
  moreFailed: boolean;
}

const LOADING: Result = { status: "loading", error: null, people: [], next: null, loadingMore: false, moreFailed: false };

function appendNew(shown: ChatAttendee[], page: ChatAttendee[]): ChatAttendee[] {
  const known = new Set(shown.map((p) => p.PersonID));
  return [...shown, ...page.filter((p) => !known.has(p.PersonID))];
}

/** The directory's search: debounced, newest answer wins, pages appended by "more". */
export function usePeopleSearch(): PeopleSearch {
  const eventID = useChat((s) => s.eventID);
  const me = useChat((s) => s.me);
  const [term, setTerm] = useState("");
  const [result, setResult] = useState<Result>(LOADING);
  // Every request takes a ticket; an answer whose ticket is not the newest is dropped, so a slow
  // answer to an earlier term never replaces the results of a later one.
  const ticket = useRef(0);
  const searched = useRef("");

  const load = useCallback(
    async (search: string, lastID: string | null) => {
      if (!eventID || !me) return;
      const mine = ++ticket.current;
      searched.current = search;
      setResult((r) => (lastID ? { ...r, loadingMore: true, moreFailed: false } : LOADING));
      try {
        const page = await fetchPeoplePage(eventID, me, search, lastID);
        if (mine !== ticket.current) return;
        rememberNames(page.people);
        setResult((r) => ({
          status: "ready",
          error: null,
          people: lastID ? appendNew(r.people, page.people) : page.people,
          next: page.next,
          loadingMore: false,
          moreFailed: false,
        }));
      } catch (error) {
        if (mine !== ticket.current) return;
        setResult((r) => (lastID ? { ...r, loadingMore: false, moreFailed: true } : { ...LOADING, status: "failed", error }));
      }
    },
    [eventID, me],
  );

  const settled = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => void load(settled, null), [settled, load]);

  const next = result.next;
  const loadMore = useCallback(() => {
    if (next) void load(searched.current, next);
  }, [load, next]);
  const retry = useCallback(() => void load(searched.current, null), [load]);

  return {
    term,
    setTerm,
    status: result.status,
    error: result.error,
    people: result.people,
    hasMore: next !== null,
    loadingMore: result.loadingMore,
    moreFailed: result.moreFailed,
    loadMore,
    retry,
  };
}
