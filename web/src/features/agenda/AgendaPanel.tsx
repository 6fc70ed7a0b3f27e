/**
 * The agenda sidebar (attendee-app.md §2, §4): three modes — the full agenda by day, "My agenda"
 * (the personal agenda kept on the server) and "By location" (the day's sessions by room) — and a
 * speaker's page opened from any session. Days are the event's local days (days.ts); times are in
 * the attendee's zone, which the panel names.
 *
 * The mode belongs to the frame (its layout store keeps `agendaMode`, and a "Location Agenda"
 * menu item opens the panel in that mode), so it is a controlled prop; without one the panel
 * keeps its own.
 */
import { useId, useState } from "react";
import { Link } from "react-router";
import { LoadState } from "@/components/LoadState";
import type { AgendaMode } from "@/features/venue";
import type { AgendaSession, Speaker } from "./api";
import { initialDay } from "./days";
import { DayTabs } from "./DayTabs";
import { useAgendaEvent, useAgendaVenue } from "./hooks";
import { useAgendaT } from "./i18n";
import { PersonalAgenda } from "./PersonalAgenda";
import { groupByPlace, roomName, roomPath } from "./places";
import { useAgendaDay, usePersonalToggle, type PersonalToggle } from "./queries";
import { Rows, useRows } from "./rows";
import { SpeakerDetail } from "./SpeakerDetail";
import { useSpeakerPage } from "./speaker-page";
import { ZoneNote } from "./ZoneNote";
import "./agenda.css";

export const AGENDA_MODES: readonly AgendaMode[] = ["agenda", "personal", "location"];

type OpenSpeaker = (speaker: Speaker, opener: HTMLElement) => void;

function ModeSwitch({ mode, onChange }: { mode: AgendaMode; onChange: (mode: AgendaMode) => void }) {
  const { t } = useAgendaT();
  return (
    <div className="agenda-modes" role="group" aria-label={t("modes.label")}>
      {AGENDA_MODES.map((m) => (
        <button key={m} type="button" className="agenda-modes__mode" aria-pressed={m === mode} onClick={() => onChange(m)}>
          {t(`modes.${m}`)}
        </button>
      ))}
    </div>
  );
}

const NONE: AgendaSession[] = [];

function ByPlace({ sessions, dayDate, toggle, onSpeaker }: { sessions: AgendaSession[]; dayDate: string; toggle: PersonalToggle; onSpeaker: OpenSpeaker }) {
  const { t, language } = useAgendaT();
  const venue = useAgendaVenue();
  const headingID = useId();
  const rows = useRows(sessions);
  const groups = groupByPlace(
    rows.map((r) => r.session),
    venue,
  );
  const rowOf = new Map(rows.map((r) => [r.session.ID, r]));
  return (
    <>
      {groups.map((group) => (
        <section key={group.key} className="agenda-group" aria-labelledby={`${headingID}-${group.key}`}>
          <div className="agenda-group__head">
            <h3 id={`${headingID}-${group.key}`} className="agenda-group__title">
              {group.room ? roomName(group.room, language) : t("location.otherPlaces")}
            </h3>
            {group.room ? (
              <Link className="small" to={roomPath(group.room)}>
                {t("location.goTo", { room: roomName(group.room, language) })}
              </Link>
            ) : null}
          </div>
          <Rows rows={group.sessions.flatMap((s) => rowOf.get(s.ID) ?? [])} dayDate={dayDate} heading="h4" toggle={toggle} onSpeaker={onSpeaker} />
        </section>
      ))}
    </>
  );
}

function Flat({ sessions, dayDate, toggle, onSpeaker }: { sessions: AgendaSession[]; dayDate: string; toggle: PersonalToggle; onSpeaker: OpenSpeaker }) {
  return <Rows rows={useRows(sessions)} dayDate={dayDate} heading="h3" toggle={toggle} onSpeaker={onSpeaker} />;
}

function DayAgenda({ byPlace, day, onDay, toggle, onSpeaker }: { byPlace: boolean; day: number; onDay: (day: number) => void; toggle: PersonalToggle; onSpeaker: OpenSpeaker }) {
  const { t } = useAgendaT();
  const { eventID, days } = useAgendaEvent();
  const idBase = useId();
  const query = useAgendaDay(eventID, day);
  const dayDate = days.find((d) => d.number === day)?.date ?? "";
  const sessions = query.data ?? NONE;
  return (
    <DayTabs days={days} selected={day} onSelect={onDay} idBase={idBase}>
      <LoadState query={query} loadingText={t("loading")} failedText={t("loadFailed")} />
      {query.data && sessions.length === 0 ? <p>{t("empty.day")}</p> : null}
      {sessions.length > 0 && byPlace ? <ByPlace sessions={sessions} dayDate={dayDate} toggle={toggle} onSpeaker={onSpeaker} /> : null}
      {sessions.length > 0 && !byPlace ? <Flat sessions={sessions} dayDate={dayDate} toggle={toggle} onSpeaker={onSpeaker} /> : null}
    </DayTabs>
  );
}

export interface AgendaPanelProps {
  /** The frame's agenda mode (its layout store's `agendaMode`); the panel keeps its own without it. */
  mode?: AgendaMode;
  onModeChange?: (mode: AgendaMode) => void;
}

export function AgendaPanel({ mode, onModeChange }: AgendaPanelProps) {
  const { t } = useAgendaT();
  const agendaEvent = useAgendaEvent();
  const { eventID, days } = agendaEvent;
  const [ownMode, setOwnMode] = useState<AgendaMode>("agenda");
  const current = mode ?? ownMode;
  const [chosenDay, setDay] = useState(() =>
    initialDay({ DateBeginUTC: agendaEvent.beginUTC, DateEndUTC: agendaEvent.endUTC, TimeZone: agendaEvent.eventZone }, days, Date.now()),
  );
  const day = Math.min(Math.max(chosenDay, 1), days.length);
  const toggle = usePersonalToggle(eventID);
  const page = useSpeakerPage();
  const choose = (next: AgendaMode) => {
    setOwnMode(next);
    onModeChange?.(next);
  };

  return (
    <div className="agenda" data-agenda-mode={current}>
      {page.speaker ? <SpeakerDetail speaker={page.speaker} backLabel={t("speakers.backToAgenda")} onBack={page.back} /> : null}
      <div className="agenda__main" hidden={page.speaker !== null}>
        <ModeSwitch mode={current} onChange={choose} />
        <ZoneNote />
        {current === "personal" ? (
          <PersonalAgenda toggle={toggle} onSpeaker={page.show} />
        ) : (
          <DayAgenda byPlace={current === "location"} day={day} onDay={setDay} toggle={toggle} onSpeaker={page.show} />
        )}
      </div>
    </div>
  );
}
