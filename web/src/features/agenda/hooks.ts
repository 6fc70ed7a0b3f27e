/**
 * What every agenda view reads from the venue: the event (its id, days and zone), the attendee's
 * display zone, the tour's rooms and the live session list. All of it is loaded by the venue
 * frame already; these hooks only select and memoize.
 */
import { useMemo } from "react";
import { useDisplayZone } from "@/features/accounts";
import { useSessions, type Session } from "@/features/sessions";
import { useTour, useVenueEvent } from "@/features/venue";
import { agendaDays, type AgendaDay } from "./days";
import { venueOf, type Venue } from "./places";

export interface AgendaEvent {
  eventID: string;
  days: AgendaDay[];
  /** The zone times are shown in (the attendee's). */
  zone: string;
  beginUTC: string;
  endUTC: string;
  eventZone: string;
}

export function useAgendaEvent(): AgendaEvent {
  const event = useVenueEvent();
  const zone = useDisplayZone();
  const begin = event?.DateBeginUTC ?? "";
  const end = event?.DateEndUTC ?? "";
  const eventZone = event?.TimeZone || "UTC";
  const days = useMemo(() => agendaDays({ DateBeginUTC: begin, DateEndUTC: end, TimeZone: eventZone }), [begin, end, eventZone]);
  return { eventID: event?.EventID ?? "", days, zone, beginUTC: begin, endUTC: end, eventZone };
}

export function useAgendaVenue(): Venue {
  const event = useVenueEvent();
  const tour = useTour(event?.PanoURL || undefined);
  const loaded = tour.data?.tour ?? null;
  return useMemo(() => venueOf(loaded), [loaded]);
}

/** The venue's session list by id (kept current by pushes). */
export function useCurrentSessions(): Map<string, Session> {
  const sessions = useSessions((s) => s.sessions);
  return useMemo(() => new Map(sessions.map((s) => [s.ID, s])), [sessions]);
}
