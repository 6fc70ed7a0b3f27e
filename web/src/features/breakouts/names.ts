/**
 * Names and pictures of the people shown inside rooms. Occupancy frames carry person ids only
 * (a frame for 1,500 people must stay small), so the names are asked for here: only for the
 * faces actually shown, batched for 50 ms, at most one page (100) per request, and each person
 * once per page load. A failed lookup leaves the people nameless ("Someone") rather than failing
 * the list; they are asked for again the next time they are wanted.
 */
import { useEffect } from "react";
import { create } from "zustand";
import { type Attendee, getAttendees, NAMES_PAGE } from "./api";

interface NamesState {
  known: Record<string, Attendee>;
}

export const useNames = create<NamesState>(() => ({ known: {} }));

const asked = new Set<string>();
const wanted = new Set<string>();
let timer: ReturnType<typeof setTimeout> | null = null;
let wantedEvent: string | null = null;

function flush(): void {
  timer = null;
  const eventID = wantedEvent;
  const ids = [...wanted];
  wanted.clear();
  if (!eventID) return;
  for (let from = 0; from < ids.length; from += NAMES_PAGE) {
    const page = ids.slice(from, from + NAMES_PAGE);
    getAttendees(eventID, page)
      .then((found) => {
        useNames.setState((state) => {
          const known = { ...state.known };
          for (const person of found) known[person.PersonID] = person;
          return { known };
        });
      })
      .catch(() => {
        for (const id of page) asked.delete(id);
      });
  }
}

export function wantNames(eventID: string, personIDs: readonly string[]): void {
  const { known } = useNames.getState();
  for (const id of personIDs) {
    if (known[id] || asked.has(id)) continue;
    asked.add(id);
    wanted.add(id);
  }
  wantedEvent = eventID;
  if (wanted.size > 0 && timer === null) timer = setTimeout(flush, 50);
}

/** Asks for the names of `personIDs` (joined, so a new array with the same people asks nothing). */
export function useWantNames(eventID: string, personIDs: readonly string[]): void {
  const key = personIDs.join(" ");
  useEffect(() => {
    if (eventID && key) wantNames(eventID, key.split(" "));
  }, [eventID, key]);
}

/** Tests: forget every name. */
export function resetNames(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  asked.clear();
  wanted.clear();
  useNames.setState({ known: {} });
}
