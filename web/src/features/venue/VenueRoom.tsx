/**
 * `/{room}`: a node of the tour by id or custom id (attendee-app.md §2, §4). The panorama shows
 * the room; the same ways out, screens and web elements are also a plain, keyboard-focusable list
 * for screen readers and devices without WebGL. A node change (arrow click) becomes a route
 * change; a route change moves the viewer.
 *
 * The room knows nothing of the frame around it (menus, sidebars): what it needs from the frame
 * comes in as `RoomFrame` props, and entering a room is reported through `onEnterRoom`, where the
 * frame applies its sidebar rules. The app's frame (`src/app/frame/pages.tsx`) passes them.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { setWatchedSession } from "@/features/analytics";
import { useConsent } from "@/features/consent";
import { notify } from "@/features/notifications";
import { SessionPlayer, useSessions, type PlayerExtras, type Session } from "@/features/sessions";
import {
  customWebElements,
  eventDay,
  safeContentURL,
  splitMarketplace,
  toVarMap,
  useVariables,
  webElementContent,
  withEventDay,
} from "@/features/variables";
import { paths } from "@/lib/routes";
import { useNow } from "@/lib/use-now";
import { readAngle, writeAngle } from "./angle";
import type { ViewerMarker } from "./PanoramaViewer";
import { RoomItemEntries, roomItemMarkers, roomItemOf, type RoomItemsHost, type RoomLayer } from "./room-items";
import { ScheduleBadge } from "./ScheduleBadge";
import { nodeStatus, SCHEDULE_CLOCK_MS, screenStatus } from "./schedule-status";
import { findNode, nodeByID, nodeName, roomSegment, tourAsset, type Tour, type TourNode } from "./tour";
import { useTour } from "./tour-query";
import { marketplaceVars, useVenueEvent } from "./venue-event";
import { ModulePage, type ModuleName } from "./VenuePages";
import "./venue.css";

/** What the room gets from the venue frame it is shown in. */
export interface RoomFrame {
  /** The session a query `id` selected (§2); starting it needs it to be active now (§4). */
  selectedSessionID: string | null;
  /** A view direction a menu item asked for (Panorama / VirtualLocation angle), applied once. */
  requestedYaw: number | null;
  /** A room is shown: the frame applies the sidebar rules of §4 (components open cinema/replays). */
  onEnterRoom: (room: string, components: readonly string[]) => void;
  /** The requested direction was handed to the viewer; the frame forgets it. */
  onYawApplied: () => void;
  /** What goes around a playing session's stream (the frame's live interaction: Q&A, reactions). */
  playerExtras?: (eventID: string, session: Session) => PlayerExtras;
  /** What another feature hides in the room (the treasure hunt's items; room-items.tsx). */
  roomItems?: (host: RoomItemsHost) => ReactNode;
}

const NO_ITEMS: RoomLayer["items"] = [];

// Photo Sphere Viewer and three are the heaviest part of the app: their own chunk, fetched
// while the room's lists already work.
const PanoramaViewer = lazy(() => import("./PanoramaViewer").then((m) => ({ default: m.PanoramaViewer })));

interface ElementView {
  id: string;
  type: "image" | "link";
  value: string;
  yaw: number;
  pitch: number;
  width: number;
  height: number;
}

/** Web element content of a node: Marketplace vars and PanoCustomVars over pano.xml defaults. */
function useWebElements(node: TourNode | null, panoURL: string, xmlDefaults: Map<string, string>): ElementView[] {
  const event = useVenueEvent();
  const eventVars = useVariables((s) => s.eventVars);
  return useMemo(() => {
    if (!node) return [];
    const custom = customWebElements(event?.PanoCustomVars);
    const { elements } = splitMarketplace({ ...toVarMap(marketplaceVars(event)), ...eventVars });
    return node.webElements.flatMap((element) => {
      const content = webElementContent(element.id, element.defaultValue, xmlDefaults, custom[element.id], elements[element.id]);
      if (!content.value || !safeContentURL(content.value)) return [];
      const value = element.type === "image" ? tourAsset(panoURL, content.value) : content.value;
      if (element.type === "link" && !/^https?:\/\//i.test(value)) return [];
      return [{ id: element.id, type: element.type, value, yaw: element.yaw, pitch: element.pitch, width: element.width, height: element.height }];
    });
  }, [node, event, eventVars, xmlDefaults, panoURL]);
}

/** Var_EventDay into the event variables, recomputed each minute (§9). */
function useEventDay() {
  const event = useVenueEvent();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const eventVars = useVariables((s) => s.eventVars);
  if (!event?.DateBeginUTC || !event.DateEndUTC) return eventVars.Var_EventDay ?? "";
  return withEventDay(eventVars, eventDay(event.DateBeginUTC, event.DateEndUTC, now, event.TimeZone)).Var_EventDay ?? "";
}

/** The sessions playing on the node's screens, minus the ones the attendee closed. */
function usePlaying(node: TourNode | null) {
  const running = useSessions((s) => s.running);
  const sessions = useSessions((s) => s.sessions);
  const setScreens = useSessions((s) => s.setScreens);
  const runTick = useSessions((s) => s.runTick);
  const [closed, setClosed] = useState<Set<string>>(() => new Set());

  return {
    setScreens,
    runTick,
    closed,
    close: (id: string) => setClosed((prev) => new Set(prev).add(id)),
    reopen: (id: string) =>
      setClosed((prev) => {
        const next = new Set(prev);
        next.delete(id);
        return next;
      }),
    screens: (node?.screens ?? []).map((screen) => {
      const id = running[screen.screenID] ?? null;
      const session = id ? (sessions.find((s) => s.ID === id) ?? null) : null;
      return { screen, session };
    }),
  };
}

interface RoomViewProps {
  tour: Tour;
  panoURL: string;
  xmlDefaults: Map<string, string>;
  node: TourNode;
  frame: RoomFrame;
}

function RoomView({ tour, panoURL, xmlDefaults, node, frame }: RoomViewProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const event = useVenueEvent();
  const { onEnterRoom, requestedYaw, onYawApplied, selectedSessionID } = frame;
  const functional = useConsent((s) => s.functional);
  const elements = useWebElements(node, panoURL, xmlDefaults);
  const playing = usePlaying(node);
  const day = useEventDay();
  const [layer, setLayer] = useState<RoomLayer | null>(null);
  const items = layer?.nodeID === node.id ? layer.items : NO_ITEMS;
  const [initialView] = useState(() => {
    const stored = readAngle();
    return stored && stored.node === node.id ? { yaw: stored.yaw, pitch: stored.pitch } : null;
  });
  const roomName = nodeName(node, i18n.language);
  // The schedule of this room's screens and of the rooms its ways lead to, as the clock moves.
  const sessions = useSessions((s) => s.sessions);
  const now = useNow(SCHEDULE_CLOCK_MS);
  const upcoming = useMemo(
    () =>
      node.screens.flatMap((screen) => {
        const status = screenStatus(sessions, screen.screenID, now);
        return status?.kind === "soon" ? [{ screen, status }] : [];
      }),
    [node.screens, sessions, now],
  );

  // Every screen of the tour takes part in the tick, so the menu can show "Live" for other rooms.
  const { setScreens, runTick } = playing;
  useEffect(() => {
    setScreens(tour.nodes.flatMap((n) => n.screens.map((s) => s.screenID)));
    runTick(Date.now());
  }, [tour, setScreens, runTick]);

  // Entering the room: the sidebar rules of §4, and the angle a menu item asked for is used once.
  useEffect(() => {
    onEnterRoom(node.id, node.components);
  }, [node.id, node.components, onEnterRoom]);
  useEffect(() => {
    if (requestedYaw === null) return;
    const timer = setTimeout(onYawApplied, 0);
    return () => clearTimeout(timer);
  }, [requestedYaw, onYawApplied]);

  // A query id selects a session (§2); starting by id needs it to be active now (§4).
  const sessionsLoaded = useSessions((s) => s.sessions.length);
  const { reopen } = playing;
  useEffect(() => {
    if (!selectedSessionID || sessionsLoaded === 0) return;
    if (useSessions.getState().startByID(selectedSessionID, Date.now())) reopen(selectedSessionID);
  }, [selectedSessionID, sessionsLoaded, reopen]);

  const onNodeChange = useCallback(
    (nodeID: string) => {
      const next = nodeByID(tour, nodeID);
      if (next && next.id !== node.id) void navigate(`/${encodeURIComponent(roomSegment(next))}`);
    },
    [tour, node.id, navigate],
  );
  const onView = useCallback((view: { yaw: number; pitch: number }) => writeAngle({ node: node.id, ...view }, functional), [node.id, functional]);
  const onMarker = useCallback(
    (marker: ViewerMarker) => {
      if (marker.kind === "screen") playing.reopen(marker.id.replace(/^screen:/, ""));
      else if (marker.kind === "link") window.open(marker.content, "_blank", "noopener,noreferrer");
      const item = roomItemOf(marker);
      if (item) layer?.activate(item);
    },
    [playing, layer],
  );

  const markers = useMemo<ViewerMarker[]>(
    () => [
      ...playing.screens.flatMap(({ screen, session }) =>
        session
          ? [{ id: `screen:${session.ID}`, kind: "screen" as const, yaw: screen.yaw, pitch: screen.pitch, width: screen.width, height: screen.height, content: t("venue.watch", { title: session.Title || session.InternalName }), label: session.Title || session.InternalName }]
          : [],
      ),
      // An idle screen whose next session is near says so where the session will play.
      ...upcoming.map(({ screen, status }) => {
        const text = t("venue.schedule.soonTitle", { minutes: status.minutes, title: status.session.Title || status.session.InternalName });
        return { id: `upcoming:${screen.screenID}`, kind: "upcoming" as const, yaw: screen.yaw, pitch: screen.pitch, width: screen.width, height: screen.height, content: text, label: text };
      }),
      ...elements.map((e) => ({
        id: `element:${e.id}`,
        kind: e.type,
        yaw: e.yaw,
        pitch: e.pitch,
        width: e.width,
        height: e.height,
        content: e.type === "image" ? e.value : t("venue.webElementLink", { id: e.id }),
        label: e.type === "image" ? t("venue.webElementImage", { id: e.id }) : e.value,
      })),
      ...roomItemMarkers(items),
    ],
    [playing.screens, upcoming, elements, items, t],
  );

  const goTo = (target: TourNode) => void navigate(`/${encodeURIComponent(roomSegment(target))}`);
  const shown = playing.screens.filter((s): s is { screen: typeof s.screen; session: Session } => s.session !== null && !playing.closed.has(s.session.ID));
  // The statistics' pings say which session the attendee watches (the first one shown).
  const watched = shown[0]?.session.ID ?? null;
  useEffect(() => {
    setWatchedSession(watched);
    return () => setWatchedSession(null);
  }, [watched]);

  return (
    <main className="venue-room" data-room={node.id} data-event-day={day}>
      <h1 className="visually-hidden">{t("venue.welcome", { event: event?.Title ?? "" })}</h1>
      <p className="venue-room__where" aria-live="polite">
        {t("venue.currentRoom", { room: roomName })}
      </p>
      <Suspense fallback={<div className="venue__viewer" role="status" aria-label={t("venue.loading")} />}>
        <PanoramaViewer
          tour={tour}
          panoURL={panoURL}
          nodeID={node.id}
          initialView={initialView}
          markers={markers}
          rotateTo={requestedYaw}
          onNodeChange={onNodeChange}
          onMarker={onMarker}
          onView={onView}
        />
      </Suspense>
      {frame.roomItems?.({ eventID: event?.EventID ?? "", nodeID: node.id, onChange: setLayer })}
      {shown.map(({ screen, session }) => (
        <SessionPlayer
          key={`${screen.screenID}:${session.ID}`}
          eventID={event?.EventID ?? ""}
          session={session}
          onClose={() => playing.close(session.ID)}
          extras={frame.playerExtras?.(event?.EventID ?? "", session)}
        />
      ))}
      <div className="venue-room__lists">
        <nav aria-label={t("venue.ways")}>
          <h2>{t("venue.ways")}</h2>
          <ul className="hotspots">
            {node.links.map((link) => {
              const target = nodeByID(tour, link.nodeID);
              const status = target ? nodeStatus(sessions, target, now) : null;
              return target ? (
                <li key={link.nodeID}>
                  <button type="button" className="button button--secondary" data-hotspot={target.id} onClick={() => goTo(target)}>
                    {t("venue.goTo", { room: nodeName(target, i18n.language) })}
                    {status ? (
                      <>
                        {" "}
                        <ScheduleBadge status={status} />
                      </>
                    ) : null}
                  </button>
                </li>
              ) : null;
            })}
            {layer ? <RoomItemEntries items={items} onActivate={layer.activate} /> : null}
          </ul>
        </nav>
        {node.screens.length > 0 ? (
          <section aria-label={t("venue.screens")}>
            <h2>{t("venue.screens")}</h2>
            <ul>
              {playing.screens.map(({ screen, session }) => {
                const next = upcoming.find((u) => u.screen.screenID === screen.screenID)?.status;
                return (
                  <li key={screen.screenID} data-screen={screen.screenID}>
                    {session ? (
                      <button type="button" className="button" onClick={() => playing.reopen(session.ID)}>
                        {t("venue.watch", { title: session.Title || session.InternalName })}
                      </button>
                    ) : next ? (
                      <span>{t("venue.schedule.soonTitle", { minutes: next.minutes, title: next.session.Title || next.session.InternalName })}</span>
                    ) : (
                      <span className="muted">{t("venue.screenIdle")}</span>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}
        {elements.length > 0 ? (
          <section aria-label={t("venue.webElements")}>
            <h2>{t("venue.webElements")}</h2>
            <ul className="web-elements">
              {elements.map((element) => (
                <li key={element.id} data-web-element={element.id}>
                  {element.type === "image" ? (
                    <img src={element.value} alt={t("venue.webElementImage", { id: element.id })} loading="lazy" />
                  ) : (
                    <a href={element.value} target="_blank" rel="noopener noreferrer">
                      {t("venue.webElementLink", { id: element.id })}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </main>
  );
}

function Notice({ text }: { text: string }) {
  const { t } = useTranslation();
  const event = useVenueEvent();
  return (
    <main className="center-page">
      <h1>{t("venue.welcome", { event: event?.Title ?? "" })}</h1>
      <p role="status">{text}</p>
      <p>
        <Link className="button button--secondary" to={paths.start}>
          {t("venue.toStart")}
        </Link>
      </p>
    </main>
  );
}

export function VenueRoomPage({ fixedRoom, frame }: { fixedRoom?: string; frame: RoomFrame }) {
  const { t } = useTranslation();
  const params = useParams();
  const room = fixedRoom ?? params.room;
  const navigate = useNavigate();
  const event = useVenueEvent();
  const panoURL = event?.PanoURL ?? "";
  const query = useTour(panoURL || undefined);
  const node = query.data ? findNode(query.data.tour, room ?? "central-plenary-01") : null;
  const start = query.data ? nodeByID(query.data.tour, query.data.tour.startNodeID) : null;
  const lang = useTranslation().i18n.language;

  // An unknown room: go to the tour's start node and say so.
  useEffect(() => {
    if (query.data && !node && start) {
      notify("warn", t("venue.roomNotFound", { room: nodeName(start, lang) }));
      void navigate(`/${encodeURIComponent(roomSegment(start))}`, { replace: true });
    }
  }, [query.data, node, start, navigate, t, lang]);

  if (!panoURL) return <Notice text={t("venue.noTour")} />;
  if (query.isError) return <Notice text={t("venue.tourFailed")} />;
  if (!query.data || !node) return <Notice text={t("venue.loading")} />;
  return <RoomView tour={query.data.tour} panoURL={panoURL} xmlDefaults={query.data.xmlDefaults} node={node} frame={frame} />;
}

/**
 * The module targets of §2 (/auditorium, /cinema, ...) are fixed routes, but a tour may name a
 * room the same (the demo's auditorium). When the tour has such a node, the route shows that room;
 * otherwise the module's page.
 */
export function ModuleOrRoomPage({ module, frame, children }: { module: ModuleName; frame: RoomFrame; children: ReactNode }) {
  const { t } = useTranslation();
  const panoURL = useVenueEvent()?.PanoURL ?? "";
  const query = useTour(panoURL || undefined);
  if (panoURL && query.isPending) return <Notice text={t("venue.loading")} />;
  if (query.data && findNode(query.data.tour, module)) return <VenueRoomPage fixedRoom={module} frame={frame} />;
  return <ModulePage module={module}>{children}</ModulePage>;
}
