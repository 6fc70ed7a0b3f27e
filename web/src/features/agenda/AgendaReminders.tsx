/**
 * Reminders before the sessions of the personal agenda (reminders.ts has the timing): an in-app
 * notice with "Go there", and a desktop notification when the attendee has allowed them
 * (DesktopReminders asks, from a click). Mounted once by the venue frame; it reads the same
 * personal agenda query as the panel, so a session added there is reminded of without a reload,
 * and the times the venue keeps current, so a moved session is reminded of at its new time.
 */
import { useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { formatTime } from "@/lib/dates";
import type { AgendaSession } from "./api";
import { useAgendaEvent, useAgendaVenue, useCurrentSessions } from "./hooks";
import { useAgendaT } from "./i18n";
import { placeOf, roomName } from "./places";
import { usePersonalAgenda } from "./queries";
import { createReminderScheduler, firedReminders, REMINDER_MINUTES } from "./reminders";
import { withCurrent } from "./session-view";
import "./agenda.css";

/** At most this many notices at once (the oldest gives way), as with the app's notifications. */
const MAX_SHOWN = 3;
/** A notice nobody dismissed goes by itself this long after it appeared (the session has begun). */
export const NOTICE_MS = 10 * 60_000;

interface Shown {
  key: string;
  session: AgendaSession;
}

const NONE: AgendaSession[] = [];

/** A system notification; clicking it brings the venue forward and goes to the session. */
function showDesktop(title: string, body: string, tag: string, onClick: () => void): void {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  try {
    const notification = new Notification(title, { body, tag });
    notification.onclick = () => {
      window.focus();
      onClick();
      notification.close();
    };
  } catch {
    // Some browsers (Chrome on Android) show notifications only through a service worker: the
    // in-app notice is there anyway.
  }
}

export function AgendaReminders() {
  const { t, language } = useAgendaT();
  const { eventID, zone } = useAgendaEvent();
  const personal = usePersonalAgenda(eventID);
  const current = useCurrentSessions();
  const venue = useAgendaVenue();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Shown[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const fired = useMemo(() => firedReminders(eventID), [eventID]);
  const data = personal.data ?? NONE;
  const sessions = useMemo(() => data.map((s) => withCurrent(s, current.get(s.ID))), [data, current]);

  const describe = (session: AgendaSession) => {
    const place = placeOf(session, venue);
    const time = formatTime(session.DateBegin, language, zone);
    const body = place
      ? t("reminders.startsAtIn", { title: session.Title, time, room: roomName(place.room, language) })
      : t("reminders.startsAt", { title: session.Title, time });
    return { title: t("reminders.title", { minutes: REMINDER_MINUTES }), body, path: place?.path ?? null };
  };
  const dismiss = (key: string) => setShown((list) => list.filter((r) => r.key !== key));

  const onDue = useEffectEvent((session: AgendaSession, key: string) => {
    setShown((list) => [...list.filter((r) => r.key !== key), { key, session }].slice(-MAX_SHOWN));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setShown((list) => list.filter((r) => r.key !== key));
    }, NOTICE_MS);
    timers.current.add(timer);
    const text = describe(session);
    showDesktop(text.title, text.body, key, () => {
      if (text.path) void navigate(text.path);
    });
  });

  useEffect(() => {
    if (!eventID) return;
    const scheduler = createReminderScheduler<AgendaSession>({ fired, onDue: (session, key) => onDue(session, key) });
    scheduler.update(sessions);
    return () => scheduler.stop();
  }, [eventID, fired, sessions]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return (
    <div className="agenda-reminders" role="status" aria-label={t("reminders.region")}>
      {shown.map(({ key, session }) => {
        const text = describe(session);
        return (
          <div key={key} className="agenda-reminder" data-reminder={session.ID}>
            <div className="agenda-reminder__body">
              <strong>{text.title}</strong>
              <span>{text.body}</span>
              {text.path ? (
                <Link className="agenda-reminder__go" to={text.path} onClick={() => dismiss(key)}>
                  {t("reminders.goThere")}
                </Link>
              ) : null}
            </div>
            <button type="button" className="agenda-reminder__close" aria-label={t("reminders.dismiss")} onClick={() => dismiss(key)}>
              {"×"}
            </button>
          </div>
        );
      })}
    </div>
  );
}
