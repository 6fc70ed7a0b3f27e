/**
 * The dashboard's calls (docs/subsystems/analytics.md):
 * - `GET /events/{EventID}/analytics/dashboard`: everything the screen shows, in one read it polls
 *   every 10 s while the event runs;
 * - `GET /events/{EventID}/analytics/{Table}.csv`: each table as CSV, behind the console's token
 *   (so fetched and saved as a download, `lib/download.ts`).
 */
import { queryOptions } from "@tanstack/react-query";
import { request } from "@/lib/api-client";
import { downloadFile } from "@/lib/download";
import { readItem, storageKeys } from "@/lib/storage";

export interface PlaceCount {
  Place: string;
  Count: number;
}
export interface HourCount {
  At: string;
  Count: number;
}
export interface MinuteCount {
  Minute: string;
  Count: number;
}
export interface SessionAttendance {
  ActivityID: string;
  Title: string;
  Peak: number;
  Unique: number;
  AverageMinutes: number;
}
export interface PollParticipation {
  PollID: string;
  Title: string;
  Ballots: number;
  /** Ballots per attendee of the event, 0..1. */
  Participation: number;
}
export interface RoomMinutes {
  Place: string;
  PersonMinutes: number;
}
export interface ScreenCount {
  Screen: string;
  Count: number;
}

/** The server's `Dashboard` (analytics/schemas.py). */
export interface Dashboard {
  EventID: string;
  GeneratedAt: string;
  Attendees: number;
  OnlineNow: { Total: number; PerPlace: PlaceCount[] };
  Registrations: HourCount[];
  Attendance: SessionAttendance[];
  ChatPerMinute: MinuteCount[];
  Polls: PollParticipation[];
  TopRooms: RoomMinutes[];
  PageViews: ScreenCount[];
}

/** The parts of `GET /events/{EventID}` the dashboard reads: whether the event runs now. */
export interface DashboardEvent {
  ID: string;
  TimeZone: string;
  DateBeginUTC: string;
  DateEndUTC: string;
}

export const CSV_TABLES = ["attendance", "registrations", "chat", "polls", "rooms", "pageviews"] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

/** While the event runs the dashboard reads again this often; the server flushes as often. */
export const REFRESH_MS = 10_000;

const id = encodeURIComponent;

export const dashboardKeys = {
  /** The same key and call as the console layout's, so both read one cached event. */
  event: (eventId: string) => ["manage", "events", eventId] as const,
  dashboard: (eventId: string) => ["manage", "events", eventId, "analytics", "dashboard"] as const,
};

export const dashboardEventQuery = (eventId: string) =>
  queryOptions({
    queryKey: dashboardKeys.event(eventId),
    queryFn: ({ signal }) => request<DashboardEvent>(`/events/${id(eventId)}`, { signal }),
  });

export const dashboardQuery = (eventId: string, polling: boolean) =>
  queryOptions({
    queryKey: dashboardKeys.dashboard(eventId),
    queryFn: ({ signal }) => request<Dashboard>(`/events/${id(eventId)}/analytics/dashboard`, { signal }),
    refetchInterval: polling ? REFRESH_MS : false,
    // A tab in the background need not keep the server busy; it reads again when shown.
    refetchIntervalInBackground: false,
  });

/** Whether `now` lies between the event's begin and end (polling only then). */
export function isRunning(event: DashboardEvent | undefined, now: number): boolean {
  if (!event) return false;
  const begin = Date.parse(event.DateBeginUTC);
  const end = Date.parse(event.DateEndUTC);
  return Number.isFinite(begin) && Number.isFinite(end) && begin <= now && now <= end;
}

export const csvPath = (eventId: string, table: CsvTable) => `/events/${id(eventId)}/analytics/${table}.csv`;

export function downloadCsv(eventId: string, table: CsvTable): Promise<void> {
  return downloadFile({
    path: csvPath(eventId, table),
    // The shell keeps the console's token under this key (app/console/session.ts).
    token: readItem("local", storageKeys.consoleJwt),
    type: "text/csv",
    fallbackName: `${table}.csv`,
  });
}
