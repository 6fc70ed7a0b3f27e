/**
 * HomeStart (/start, attendee-app.md §2): the event's start screen, inside the venue frame so the
 * menus are there. It shows the event's title and dates, the way into the venue (the default
 * page, else the tour's start node), what is live now (with "Watch" for a session playing on a
 * screen of the tour) and what starts next. Times are in the attendee's zone (§9).
 *
 * It reads what the venue has loaded anyway — the public event, the session list the frame keeps
 * current (`features/sessions`) and the tour query (cached per PanoURL) — and asks for nothing
 * of its own.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { browserZone, hasChosenZone, shiftName, useDisplayZone, usePersonStore } from "@/features/accounts";
import { isActive, useSessions, type Session } from "@/features/sessions";
import { formatDate, formatTime } from "@/lib/dates";
import { paths } from "@/lib/routes";
import { useNow } from "@/lib/use-now";
import { liveNow, screenRooms, startingNext, venueEntry, watchPath } from "./home-start";
import { menuItemName } from "./menu";
import { nodeName, roomSegment, type TourNode } from "./tour";
import { useTour } from "./tour-query";
import { useVenueEvent, type VenueEvent } from "./venue-event";
import "./venue.css";

/** Live and next change with the clock, not only with the list: look again twice a minute. */
const CLOCK_MS = 30_000;

/** "12.05.2026" or "12.05.2026 – 14.05.2026" in the zone; the end instant itself is not a day. */
function useEventDates(event: VenueEvent | null, zone: string): string {
  const { t } = useTranslation();
  if (!event?.DateBeginUTC) return "";
  const first = formatDate(event.DateBeginUTC, zone);
  const endMs = event.DateEndUTC ? Date.parse(event.DateEndUTC) : Number.NaN;
  const last = endMs > Date.parse(event.DateBeginUTC) ? formatDate(new Date(endMs - 1), zone) : first;
  return first === last || !last ? first : t("common.dateRange", { begin: first, end: last });
}

function ZoneNote() {
  const { t } = useTranslation();
  const person = usePersonStore((s) => s.person);
  const zone = hasChosenZone(person) ? shiftName(person?.TimezoneShift ?? 0) : t("home.zoneDevice", { zone: browserZone() });
  return (
    <p className="small muted">
      {t("home.zoneNote", { zone })} <Link to={paths.profile}>{t("home.profileLink")}</Link>
    </p>
  );
}

interface SessionRowProps {
  session: Session;
  room: TourNode | undefined;
  now: number;
  zone: string;
  live: boolean;
}

function SessionRow({ session, room, now, zone, live }: SessionRowProps) {
  const { t, i18n } = useTranslation();
  const title = session.Title || session.InternalName;
  const begin = formatTime(session.DateBegin, i18n.language, zone);
  const end = formatTime(session.DateEnd, i18n.language, zone);
  const day = formatDate(session.DateBegin, zone);
  const when = day === formatDate(new Date(now), zone) ? t("common.dateRange", { begin, end }) : t("home.dayTime", { date: day, begin, end });
  const roomName = room ? nodeName(room, i18n.language) : "";
  return (
    <li className="home-start__session" data-session={session.ID}>
      <p className="home-start__when">
        {live ? <span className="badge badge--live">{t("venue.menu.live")}</span> : null} {when}
      </p>
      <h3>{title}</h3>
      {room ? <p className="muted">{t("home.inRoom", { room: roomName })}</p> : null}
      {room && live && isActive(session, now) ? (
        <Link className="button" to={watchPath(room, session.ID)}>
          {t("venue.watch", { title })}
        </Link>
      ) : null}
      {room && !live ? (
        <Link className="button button--secondary" to={`/${encodeURIComponent(roomSegment(room))}`}>
          {t("venue.goTo", { room: roomName })}
        </Link>
      ) : null}
    </li>
  );
}

function Sessions({ zone, rooms }: { zone: string; rooms: Map<string, TourNode> }) {
  const { t } = useTranslation();
  const sessions = useSessions((s) => s.sessions);
  const listState = useSessions((s) => s.listState);
  const now = useNow(CLOCK_MS);
  const live = useMemo(() => liveNow(sessions, now), [sessions, now]);
  const next = useMemo(() => startingNext(sessions, now), [sessions, now]);

  if (listState === "loading") return <p role="status">{t("home.sessionsLoading")}</p>;
  if (listState === "failed") return <p role="alert">{t("home.sessionsFailed")}</p>;
  const row = (session: Session, isLive: boolean) => (
    <SessionRow key={session.ID} session={session} room={rooms.get(session.ScreenID)} now={now} zone={zone} live={isLive} />
  );
  return (
    <>
      <section className="home-start__section" aria-labelledby="home-live">
        <h2 id="home-live">{t("home.liveTitle")}</h2>
        {live.length > 0 ? <ul className="home-start__list">{live.map((s) => row(s, true))}</ul> : <p>{t("home.liveEmpty")}</p>}
      </section>
      <section className="home-start__section" aria-labelledby="home-next">
        <h2 id="home-next">{t("home.nextTitle")}</h2>
        {next.length > 0 ? (
          <ul className="home-start__list">{next.map((s) => row(s, false))}</ul>
        ) : (
          <p>{t(sessions.length === 0 ? "home.noSessions" : "home.nextEmpty")}</p>
        )}
      </section>
    </>
  );
}

/**
 * What is live and what starts next, with the way to each session's room: the start screen's
 * lists, also the /auditorium page of an event whose tour has no room of that name (the main
 * stage is wherever the programme plays).
 */
export function ProgrammeNow() {
  const event = useVenueEvent();
  const zone = useDisplayZone();
  const tour = useTour(event?.PanoURL || undefined);
  const loadedTour = tour.data?.tour ?? null;
  const rooms = useMemo(() => screenRooms(loadedTour), [loadedTour]);
  return <Sessions zone={zone} rooms={rooms} />;
}

export function HomeStartPage() {
  const { t, i18n } = useTranslation();
  const event = useVenueEvent();
  const zone = useDisplayZone();
  const person = usePersonStore((s) => s.person);
  const tour = useTour(event?.PanoURL || undefined);
  const loadedTour = tour.data?.tour ?? null;
  const rooms = useMemo(() => screenRooms(loadedTour), [loadedTour]);
  const entry = venueEntry(event?.DefaultPage, event?.Navigation ?? [], loadedTour);
  const dates = useEventDates(event, zone);
  const name = person?.FullName || [person?.FirstName, person?.LastName].filter(Boolean).join(" ");
  const tourPending = Boolean(event?.PanoURL) && tour.isPending;

  return (
    <main className="content-page home-start" data-page="start">
      <header className="home-start__header">
        <h1>{t("home.startTitle", { event: event?.Title ?? "" })}</h1>
        {dates ? <p className="home-start__dates">{dates}</p> : null}
        {name ? <p className="muted">{t("home.signedInAs", { name })}</p> : null}
        <ZoneNote />
      </header>
      <section className="home-start__section home-start__entry" aria-labelledby="home-entry">
        <h2 id="home-entry">{t("home.enterTitle")}</h2>
        {entry ? (
          <>
            <p>{entry.kind === "default" ? t("home.enterDefault", { name: menuItemName(entry.item, i18n.language) }) : t("home.enterTour", { room: nodeName(entry.node, i18n.language) })}</p>
            <p>
              <Link className="button" to={entry.to}>
                {t("home.enter")}
              </Link>
            </p>
          </>
        ) : tourPending ? (
          <p role="status">{t("venue.loading")}</p>
        ) : tour.isError ? (
          <p role="alert">{t("venue.tourFailed")}</p>
        ) : (
          <p>{t("home.noVenue")}</p>
        )}
      </section>
      <Sessions zone={zone} rooms={rooms} />
    </main>
  );
}
