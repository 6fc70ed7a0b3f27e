/**
 * Reminders before the sessions of the personal agenda, as pure timing rules and a small
 * scheduler (tested with fake timers). `AgendaReminders.tsx` feeds it the agenda and shows what
 * it reports.
 *
 * - **Decision:** a reminder is due `REMINDER_MINUTES` (5) before a session begins: long enough
 *   to walk to the room, short enough to still be on one's mind. It is due until the session
 *   begins — an app opened two minutes before still reminds — and never for a session that has
 *   begun or is over.
 * - Each reminder fires once per browser tab session: fired reminders are remembered in session
 *   storage, so a reload does not repeat them. A reminder is keyed by the session *and* its begin
 *   time, so a session the organizer moves is reminded of again at its new time.
 * - The scheduler sleeps until the next reminder is due, re-checking at least every
 *   `MAX_WAIT_MS`: a computer waking from sleep is caught up, and no timer exceeds what
 *   `setTimeout` can hold.
 */
import { readItem, writeItem } from "@/lib/storage";

export const REMINDER_MINUTES = 5;
export const REMINDER_LEAD_MS = REMINDER_MINUTES * 60_000;
export const MAX_WAIT_MS = 10 * 60_000;
/** Fired keys kept per event: far more than anyone's agenda, small enough for session storage. */
const MAX_REMEMBERED = 500;

export interface RemindedSession {
  ID: string;
  DateBegin: string;
}

export const reminderKey = (session: RemindedSession): string => `${session.ID}@${session.DateBegin}`;

const beginOf = (session: RemindedSession): number => Date.parse(session.DateBegin);

/** Sessions whose reminder is due at `now` and has not fired, soonest first. */
export function dueReminders<S extends RemindedSession>(sessions: readonly S[], now: number, fired: ReadonlySet<string>, lead = REMINDER_LEAD_MS): S[] {
  return sessions
    .filter((s) => {
      const begin = beginOf(s);
      return Number.isFinite(begin) && begin - lead <= now && now < begin && !fired.has(reminderKey(s));
    })
    .sort((a, b) => beginOf(a) - beginOf(b) || a.ID.localeCompare(b.ID));
}

/** When the next reminder after `now` becomes due, or null when none will. */
export function nextReminderAt(sessions: readonly RemindedSession[], now: number, fired: ReadonlySet<string>, lead = REMINDER_LEAD_MS): number | null {
  let next: number | null = null;
  for (const s of sessions) {
    const at = beginOf(s) - lead;
    if (Number.isFinite(at) && at > now && !fired.has(reminderKey(s)) && (next === null || at < next)) next = at;
  }
  return next;
}

export interface FiredReminders {
  all: () => ReadonlySet<string>;
  add: (key: string) => void;
}

/** The storage key of an event's fired reminders (per tab: session storage). */
export const firedStorageKey = (eventID: string): string => `agenda_reminders_${eventID}`;

/** Fired reminders of the event, remembered in session storage (in memory when it is disabled). */
export function firedReminders(eventID: string): FiredReminders {
  const key = firedStorageKey(eventID);
  const read = (): string[] => {
    try {
      const parsed: unknown = JSON.parse(readItem("session", key) ?? "[]");
      return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === "string") : [];
    } catch {
      return [];
    }
  };
  const memory = new Set(read());
  return {
    all: () => new Set([...memory, ...read()]),
    add: (entry) => {
      memory.add(entry);
      const next = [...new Set([...read(), entry])].slice(-MAX_REMEMBERED);
      writeItem("session", key, JSON.stringify(next));
    },
  };
}

export interface ReminderScheduler<S> {
  /** The sessions to remind of (the personal agenda as it is now); checks at once. */
  update: (sessions: readonly S[]) => void;
  stop: () => void;
}

export interface SchedulerOptions<S> {
  fired: FiredReminders;
  onDue: (session: S, key: string) => void;
  now?: () => number;
  lead?: number;
}

export function createReminderScheduler<S extends RemindedSession>({ fired, onDue, now = Date.now, lead = REMINDER_LEAD_MS }: SchedulerOptions<S>): ReminderScheduler<S> {
  let sessions: readonly S[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  const check = () => {
    clear();
    if (stopped) return;
    const at = now();
    for (const session of dueReminders(sessions, at, fired.all(), lead)) {
      const key = reminderKey(session);
      // Marked before it is shown: a failing display must not make it fire again and again.
      fired.add(key);
      onDue(session, key);
    }
    const next = nextReminderAt(sessions, at, fired.all(), lead);
    if (next !== null) timer = setTimeout(check, Math.min(next - at, MAX_WAIT_MS));
  };

  return {
    update: (next) => {
      sessions = next;
      check();
    },
    stop: () => {
      stopped = true;
      clear();
    },
  };
}
