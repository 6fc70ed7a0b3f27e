import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readItem } from "@/lib/storage";
import {
  createReminderScheduler,
  dueReminders,
  firedReminders,
  firedStorageKey,
  MAX_WAIT_MS,
  nextReminderAt,
  REMINDER_LEAD_MS,
  REMINDER_MINUTES,
  reminderKey,
  type RemindedSession,
} from "./reminders";

const T0 = Date.parse("2026-03-02T09:00:00Z");
const MIN = 60_000;
const at = (ms: number) => new Date(ms).toISOString();
const s = (ID: string, beginMs: number): RemindedSession => ({ ID, DateBegin: at(beginMs) });

describe("reminder timing", () => {
  it("is due from REMINDER_MINUTES before the begin until the begin, never after", () => {
    expect(REMINDER_MINUTES).toBe(5);
    const talk = s("a", T0 + 30 * MIN);
    const none = new Set<string>();
    expect(dueReminders([talk], T0 + 25 * MIN - 1, none)).toEqual([]);
    expect(dueReminders([talk], T0 + 25 * MIN, none)).toEqual([talk]);
    expect(dueReminders([talk], T0 + 30 * MIN - 1, none)).toEqual([talk]);
    expect(dueReminders([talk], T0 + 30 * MIN, none)).toEqual([]); // begun: too late
    expect(dueReminders([talk], T0 + 25 * MIN, new Set([reminderKey(talk)]))).toEqual([]);
  });

  it("names the next reminder to wait for, skipping fired and past ones", () => {
    const sessions = [s("past", T0 - MIN), s("later", T0 + 60 * MIN), s("soon", T0 + 20 * MIN)];
    expect(nextReminderAt(sessions, T0, new Set())).toBe(T0 + 15 * MIN);
    expect(nextReminderAt(sessions, T0, new Set([reminderKey(s("soon", T0 + 20 * MIN))]))).toBe(T0 + 55 * MIN);
    expect(nextReminderAt([s("past", T0 - MIN)], T0, new Set())).toBeNull();
  });

  it("keys a reminder by session and begin, so a moved session is reminded of again", () => {
    expect(reminderKey(s("a", T0))).not.toBe(reminderKey(s("a", T0 + MIN)));
  });
});

describe("the scheduler (fake timers)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  function start(eventID = "e1") {
    const onDue = vi.fn();
    const scheduler = createReminderScheduler<RemindedSession>({ fired: firedReminders(eventID), onDue });
    return { onDue, scheduler };
  }

  it("fires at the right minute, once", () => {
    const { onDue, scheduler } = start();
    const talk = s("talk", T0 + 20 * MIN);
    scheduler.update([talk]);
    vi.advanceTimersByTime(15 * MIN - 1);
    expect(onDue).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onDue).toHaveBeenCalledTimes(1);
    expect(onDue).toHaveBeenCalledWith(talk, reminderKey(talk));
    expect(Date.now()).toBe(T0 + 20 * MIN - REMINDER_LEAD_MS);
    // The list arriving again (a refetch) and time passing do not repeat it.
    scheduler.update([talk]);
    vi.advanceTimersByTime(60 * MIN);
    expect(onDue).toHaveBeenCalledTimes(1);
    scheduler.stop();
  });

  it("fires at once when opened inside the window, never for a session that has begun", () => {
    const { onDue, scheduler } = start();
    scheduler.update([s("begun", T0 - MIN), s("inTwo", T0 + 2 * MIN), s("over", T0 - 90 * MIN)]);
    expect(onDue).toHaveBeenCalledTimes(1);
    expect(onDue.mock.calls[0]?.[0]).toMatchObject({ ID: "inTwo" });
    vi.advanceTimersByTime(3 * 60 * MIN);
    expect(onDue).toHaveBeenCalledTimes(1);
    scheduler.stop();
  });

  it("remembers fired reminders in session storage: a reload does not repeat them", () => {
    const talk = s("talk", T0 + 3 * MIN);
    const first = start();
    first.scheduler.update([talk]);
    first.scheduler.stop();
    expect(first.onDue).toHaveBeenCalledTimes(1);
    expect(JSON.parse(readItem("session", firedStorageKey("e1")) ?? "[]")).toEqual([reminderKey(talk)]);

    const again = start();
    again.scheduler.update([talk]);
    expect(again.onDue).not.toHaveBeenCalled();
    // Another event's reminders are its own.
    const other = start("e2");
    other.scheduler.update([talk]);
    expect(other.onDue).toHaveBeenCalledTimes(1);
  });

  it("follows a changed agenda: a removed session is not reminded of, a moved one at its new time", () => {
    const { onDue, scheduler } = start();
    scheduler.update([s("a", T0 + 20 * MIN), s("b", T0 + 30 * MIN)]);
    scheduler.update([s("b", T0 + 40 * MIN)]); // a removed, b moved 10 minutes later
    vi.advanceTimersByTime(25 * MIN);
    expect(onDue).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10 * MIN);
    expect(onDue).toHaveBeenCalledTimes(1);
    expect(onDue.mock.calls[0]?.[0]).toMatchObject({ ID: "b" });
    scheduler.stop();
  });

  it("never arms a timer further ahead than MAX_WAIT_MS, and stop() stops it", () => {
    const { onDue, scheduler } = start();
    scheduler.update([s("tomorrow", T0 + 24 * 60 * MIN)]);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(MAX_WAIT_MS);
    expect(vi.getTimerCount()).toBe(1); // re-armed
    scheduler.stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(24 * 60 * MIN);
    expect(onDue).not.toHaveBeenCalled();
  });
});
