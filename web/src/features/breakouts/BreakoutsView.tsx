/**
 * The breakout rooms as an attendee sees them, in the right sidebar's slider page and on the
 * /breakoutroom page alike: the room they are in (call, people, chat, Leave) above the event's
 * rooms with their live occupancy and Join. Focus follows the person: into the room's heading
 * after joining, back to the room's Join button after leaving. News the person did not cause
 * (moved, closed, deleted) is said in a polite status line at the top.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNow } from "@/lib/use-now";
import type { BreakoutRoom } from "./api";
import { useBreakoutsT } from "./i18n";
import { InsideRoom } from "./InsideRoom";
import { newsText } from "./news";
import { addViewer, dismissNews, join, leave, rememberTitles, startPresence, usePresence } from "./presence";
import { RoomList } from "./RoomList";
import { useRooms } from "./use-rooms";
import "./breakouts.css";

/** How often the states are re-derived from the clock (a room opening at 14:00 opens then). */
const CLOCK_MS = 15_000;

type FocusTarget = { kind: "inside" } | { kind: "join"; roomID: string } | null;

export function BreakoutsView({ eventID, me }: { eventID: string; me: string }) {
  const { t } = useBreakoutsT();
  const { t: shared } = useTranslation();
  const query = useRooms(eventID);
  const now = useNow(CLOCK_MS);
  const { presence, pending, rejoin, news, titles } = usePresence();
  const insideHeading = useRef<HTMLHeadingElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  // Where the focus goes once the answer is on screen; the tick makes the render that applies it.
  const focus = useRef<FocusTarget>(null);
  const [focusTick, setFocusTick] = useState(0);
  const setFocus = (target: FocusTarget) => {
    focus.current = target;
    setFocusTick((n) => n + 1);
  };

  useEffect(() => startPresence(eventID, me), [eventID, me]);
  useEffect(() => addViewer(), []);
  useEffect(() => {
    if (query.data) rememberTitles(query.data);
  }, [query.data]);

  useEffect(() => {
    const target = focus.current;
    focus.current = null;
    if (!target) return;
    if (target.kind === "inside") insideHeading.current?.focus();
    else (document.querySelector<HTMLElement>(`[data-join="${target.roomID}"]`) ?? listHeading.current)?.focus();
  }, [focusTick]);

  // A room closed or deleted under the person takes its buttons with it: the focus, if it was
  // there, goes to the list rather than to the page's start.
  const newsSeq = news?.seq;
  useEffect(() => {
    if (newsSeq !== undefined && (document.activeElement === null || document.activeElement === document.body)) listHeading.current?.focus();
  }, [newsSeq]);

  const onJoin = (roomID: string) =>
    void join(roomID).then((inside) => {
      if (inside) setFocus({ kind: "inside" });
    });
  const onLeave = (roomID: string) =>
    void leave(roomID).then((left) => {
      if (left) setFocus({ kind: "join", roomID });
    });

  const rooms: BreakoutRoom[] = query.data ?? [];
  const current = presence.roomID ? rooms.find((room) => room.ID === presence.roomID) : undefined;
  const busy = pending ? pending.kind : null;

  return (
    <div className="breakouts" data-breakouts>
      <div className="breakouts__news" role="status">
        {news ? (
          <p>
            {newsText(news, titles, t, shared)}{" "}
            <button type="button" className="breakouts__dismiss" onClick={dismissNews}>
              {shared("chat.dismiss")}
            </button>
          </p>
        ) : null}
        {rejoin ? <p>{t("inside.reconnecting", { room: titles[rejoin] ?? t("news.aRoom") })}</p> : null}
      </div>
      {current ? (
        <InsideRoom
          eventID={eventID}
          me={me}
          room={current}
          presence={presence}
          busy={busy}
          headingRef={insideHeading}
          onLeave={() => onLeave(current.ID)}
          onTakeOver={() => onJoin(current.ID)}
        />
      ) : null}
      <h3 className="visually-hidden" ref={listHeading} tabIndex={-1}>
        {t("panel.list")}
      </h3>
      <RoomList eventID={eventID} me={me} query={query} now={now} onJoin={onJoin} />
    </div>
  );
}

export default BreakoutsView;
