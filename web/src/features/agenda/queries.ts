/**
 * The agenda's server state in TanStack Query: the day lists, the personal agenda (shared by the
 * panel and the reminders, so a session added in the panel is reminded of at once) and the
 * calendar feed's state. Adding and removing are optimistic: the list changes at the click and a
 * refusal puts back exactly that session's entry, with a translated notice.
 */
import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { notify } from "@/features/notifications";
import {
  addToPersonalAgenda,
  getAgendaDay,
  getCalendarFeed,
  getPersonalAgenda,
  getSpeakersDay,
  removeFromPersonalAgenda,
  type AgendaSession,
} from "./api";
import { useAgendaT } from "./i18n";

export const agendaKeys = {
  day: (eventID: string, day: number) => ["agenda", "day", eventID, day] as const,
  speakers: (eventID: string, day: number) => ["agenda", "speakers", eventID, day] as const,
  personal: (eventID: string) => ["agenda", "personal", eventID] as const,
  feed: (eventID: string) => ["agenda", "calendar", eventID] as const,
};

/** Lists change when organizers edit the programme: read again after a minute on a new look. */
const LIST_STALE_MS = 60_000;

const dayQuery = (eventID: string, day: number) => ({
  queryKey: agendaKeys.day(eventID, day),
  queryFn: ({ signal }: { signal: AbortSignal }) => getAgendaDay(eventID, day, signal),
  enabled: eventID !== "",
  staleTime: LIST_STALE_MS,
});

export function useAgendaDay(eventID: string, day: number) {
  return useQuery(dayQuery(eventID, day));
}

/** Several days at once (a speaker's sessions over the whole event); shares the day cache. */
export function useAgendaDays(eventID: string, days: readonly number[]) {
  return useQueries({ queries: days.map((day) => dayQuery(eventID, day)) });
}

export function useSpeakersDay(eventID: string, day: number) {
  return useQuery({
    queryKey: agendaKeys.speakers(eventID, day),
    queryFn: ({ signal }) => getSpeakersDay(eventID, day, signal),
    enabled: eventID !== "",
    staleTime: LIST_STALE_MS,
  });
}

export function usePersonalAgenda(eventID: string) {
  return useQuery({
    queryKey: agendaKeys.personal(eventID),
    queryFn: ({ signal }) => getPersonalAgenda(eventID, signal),
    enabled: eventID !== "",
    staleTime: 30_000,
  });
}

export function useCalendarFeed(eventID: string) {
  return useQuery({
    queryKey: agendaKeys.feed(eventID),
    queryFn: ({ signal }) => getCalendarFeed(eventID, signal),
    enabled: eventID !== "",
  });
}

const byBegin = (a: AgendaSession, b: AgendaSession) => Date.parse(a.DateBegin) - Date.parse(b.DateBegin) || a.ID.localeCompare(b.ID);

/** The list with `entry` in it (replacing one with its id), in the server's order. */
export function withEntry(list: readonly AgendaSession[], entry: AgendaSession): AgendaSession[] {
  return [...list.filter((s) => s.ID !== entry.ID), entry].sort(byBegin);
}

interface Toggle {
  session: AgendaSession;
  add: boolean;
  /** The entry as it was before the click (to put back if removing fails). */
  before: AgendaSession | undefined;
}

export interface PersonalToggle {
  /** Whether the session is in the agenda; null while the agenda is not known yet. */
  saved: (sessionID: string) => boolean | null;
  busy: (sessionID: string) => boolean;
  toggle: (session: AgendaSession) => void;
}

export function usePersonalToggle(eventID: string): PersonalToggle {
  const client = useQueryClient();
  const { t, errorText } = useAgendaT();
  const key = useMemo(() => agendaKeys.personal(eventID), [eventID]);
  const personal = usePersonalAgenda(eventID);
  const [inFlight, setInFlight] = useState<ReadonlySet<string>>(new Set());
  const mark = (id: string, on: boolean) =>
    setInFlight((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const mutation = useMutation({
    mutationFn: ({ session, add }: Toggle) => (add ? addToPersonalAgenda(eventID, session.ID) : removeFromPersonalAgenda(eventID, session.ID)),
    onMutate: async ({ session, add }: Toggle) => {
      mark(session.ID, true);
      // A refetch landing after the optimistic change would undo it on screen.
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<AgendaSession[]>(key, (list = []) => (add ? withEntry(list, session) : list.filter((s) => s.ID !== session.ID)));
    },
    onError: (error, { session, add, before }) => {
      // Only this session's change is undone: another toggle in flight keeps its own.
      client.setQueryData<AgendaSession[]>(key, (list = []) => {
        if (before) return withEntry(list, before);
        return list.filter((s) => s.ID !== session.ID);
      });
      notify("error", t(add ? "session.addFailed" : "session.removeFailed", { title: session.Title, reason: errorText(error) }));
    },
    onSettled: (_data, _error, { session }) => {
      mark(session.ID, false);
      void client.invalidateQueries({ queryKey: key });
    },
  });

  const list = personal.data;
  const saved = useCallback((id: string) => (list ? list.some((s) => s.ID === id) : null), [list]);
  const busy = useCallback((id: string) => inFlight.has(id), [inFlight]);
  const { mutate } = mutation;
  const toggle = useCallback(
    (session: AgendaSession) => {
      const current = client.getQueryData<AgendaSession[]>(key);
      const before = current?.find((s) => s.ID === session.ID);
      mutate({ session, add: !before, before });
    },
    [client, mutate, key],
  );
  return { saved, busy, toggle };
}
