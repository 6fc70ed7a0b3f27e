/**
 * "My agenda": the sessions the attendee saved (GET /agenda/personal), by agenda day, with the
 * reminder note and desktop opt-in, and the calendar subscription. Removing a session takes it
 * off the list at once; the focus then moves to the next session's button (or the empty note),
 * so a keyboard user is never left on a button that vanished.
 */
import { useCallback, useEffect, useId, useMemo, useRef } from "react";
import { LoadState } from "@/components/LoadState";
import { formatDate } from "@/lib/dates";
import type { AgendaSession, Speaker } from "./api";
import { CalendarFeedBox } from "./CalendarFeedBox";
import { sessionDayNumber } from "./days";
import { DesktopReminders } from "./DesktopReminders";
import { useAgendaEvent } from "./hooks";
import { useAgendaT } from "./i18n";
import { usePersonalAgenda, type PersonalToggle } from "./queries";
import { REMINDER_MINUTES } from "./reminders";
import { Rows, useRows, type Row } from "./rows";

const NONE: AgendaSession[] = [];

interface DayGroup {
  day: number;
  date: string;
  rows: Row[];
}

export function PersonalAgenda({ toggle, onSpeaker }: { toggle: PersonalToggle; onSpeaker: (speaker: Speaker, opener: HTMLElement) => void }) {
  const { t } = useAgendaT();
  const { eventID, beginUTC, endUTC, eventZone } = useAgendaEvent();
  const personal = usePersonalAgenda(eventID);
  const rows = useRows(personal.data ?? NONE);
  const list = useRef<HTMLDivElement>(null);
  const focusAt = useRef<number | null>(null);
  const headingID = useId();

  const event = { DateBeginUTC: beginUTC, DateEndUTC: endUTC, TimeZone: eventZone };
  const groups: DayGroup[] = [];
  for (const row of rows) {
    const day = row.session.DayNumber ?? sessionDayNumber(event, row.session.DateBegin);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.rows.push(row);
    else groups.push({ day, date: formatDate(row.session.DateBegin, eventZone), rows: [row] });
  }

  const { saved, busy, toggle: change } = toggle;
  const data = personal.data;
  const onToggle = useCallback(
    (session: AgendaSession) => {
      focusAt.current = (data ?? NONE).findIndex((s) => s.ID === session.ID);
      change(session);
    },
    [change, data],
  );
  const ownToggle = useMemo(() => ({ saved, busy, toggle: onToggle }), [saved, busy, onToggle]);

  useEffect(() => {
    const index = focusAt.current;
    if (index === null || !list.current) return;
    focusAt.current = null;
    const buttons = [...list.current.querySelectorAll<HTMLElement>("[data-toggle]")];
    const target = buttons[Math.min(index, buttons.length - 1)] ?? list.current.querySelector<HTMLElement>("[data-empty]");
    target?.focus();
  }, [data]);

  return (
    <div ref={list} className="agenda-personal">
      <p className="small">{t("reminders.intro", { minutes: REMINDER_MINUTES })}</p>
      <DesktopReminders />
      <LoadState query={personal} loadingText={t("loading")} failedText={t("loadFailed")} />
      {data && data.length === 0 ? (
        <p data-empty="" tabIndex={-1}>
          {t("empty.personal")}
        </p>
      ) : null}
      {groups.map((group) => (
        <section key={group.day} className="agenda-group" aria-labelledby={`${headingID}-${group.day}`}>
          <h3 id={`${headingID}-${group.day}`} className="agenda-group__title">
            {group.day >= 1 ? `${t("days.day", { day: group.day })} · ${group.date}` : group.date}
          </h3>
          <Rows rows={group.rows} dayDate={group.date} heading="h4" toggle={ownToggle} onSpeaker={onSpeaker} />
        </section>
      ))}
      <CalendarFeedBox eventID={eventID} />
    </div>
  );
}
