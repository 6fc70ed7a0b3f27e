/**
 * One event day's sessions as a table: time (in the event's zone), the session, its screen, its
 * stream and recording, its speakers, and the actions. The table scrolls sideways inside its own
 * focusable region when the page is narrower than it (a tablet in portrait), as the events list
 * does. Action buttons name their session for screen readers without hiding the visible word.
 */
import type { ReactNode } from "react";
import { isConferenceType, type Recording, type SessionActivity } from "./api";
import { useScheduleT } from "./schedule-i18n";
import { timeRange } from "./schedule-model";

export interface SessionRowData {
  session: SessionActivity;
  speakers: string[];
  /** How the screen reads ("Auditorium — stage"); "" for none. */
  screen: string;
  recording: Recording | null;
  /** Whether the recordings could be read (otherwise nothing is said about them). */
  recordingsKnown: boolean;
  overlaps: boolean;
}

export interface SessionTableProps {
  labelledBy: string;
  rows: SessionRowData[];
  timeZone: string;
  onEdit: (session: SessionActivity) => void;
  onRecording: (session: SessionActivity) => void;
  onRemoveRecording: (session: SessionActivity) => void;
  onDelete: (session: SessionActivity) => void;
}

export function SessionTable({ labelledBy, rows, timeZone, onEdit, onRecording, onRemoveRecording, onDelete }: SessionTableProps) {
  const t = useScheduleT();
  return (
    <div className="console-table-scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className="console-table schedule-table">
        <thead>
          <tr>
            <th scope="col">{t("table.time")}</th>
            <th scope="col">{t("table.session")}</th>
            <th scope="col">{t("table.screen")}</th>
            <th scope="col">{t("table.stream")}</th>
            <th scope="col">{t("table.speakers")}</th>
            <th scope="col">{t("table.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <SessionRow
              key={row.session.ID}
              row={row}
              timeZone={timeZone}
              onEdit={onEdit}
              onRecording={onRecording}
              onRemoveRecording={onRemoveRecording}
              onDelete={onDelete}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

type RowProps = Omit<SessionTableProps, "labelledBy" | "rows"> & { row: SessionRowData };

function SessionRow({ row, timeZone, onEdit, onRecording, onRemoveRecording, onDelete }: RowProps) {
  const t = useScheduleT();
  const { session } = row;
  const title = session.Title || session.InternalName;
  const range = timeRange(session, timeZone);
  const type = isConferenceType(session.ConferenceType) ? session.ConferenceType : "None";
  const about: ReactNode = (
    <>
      {" "}
      <span className="visually-hidden">{t("table.about", { title })}</span>
    </>
  );
  return (
    <tr data-testid="session-row" className={row.overlaps ? "schedule-row--overlap" : undefined}>
      <td className="schedule-time">
        {range.endDate ? t("table.rangeOtherDay", { begin: range.begin, end: range.end, date: range.endDate }) : t("table.range", { begin: range.begin, end: range.end })}
      </td>
      <td>
        <span className="schedule-title">{title}</span>
        <span className="schedule-sub small">{session.InternalName}</span>
        {session.IsVirtual === false ? <span className="schedule-badge">{t("table.notStreamed")}</span> : null}
        {row.overlaps ? <span className="schedule-badge schedule-badge--warning">{t("table.overlaps")}</span> : null}
      </td>
      <td>{row.screen || <span className="muted">{t("table.noScreen")}</span>}</td>
      <td>
        {t(`stream.types.${type}`)}
        {row.recordingsKnown ? (
          <span className="schedule-sub small">{row.recording ? t("table.recording", { video: row.recording.Video.Title }) : t("table.noRecording")}</span>
        ) : null}
      </td>
      <td>{row.speakers.length > 0 ? row.speakers.join(", ") : <span className="muted">{t("table.noSpeakers")}</span>}</td>
      <td>
        <div className="console-table__actions">
          <button type="button" className="button button--secondary schedule-action" onClick={() => onEdit(session)}>
            {t("table.edit")}
            {about}
          </button>
          {row.recordingsKnown ? (
            <button type="button" className="button button--secondary schedule-action" onClick={() => onRecording(session)}>
              {row.recording ? t("table.changeRecording") : t("table.addRecording")}
              {about}
            </button>
          ) : null}
          {row.recording ? (
            <button type="button" className="button button--secondary schedule-action" onClick={() => onRemoveRecording(session)}>
              {t("table.removeRecording")}
              {about}
            </button>
          ) : null}
          <button type="button" className="button button--secondary schedule-action" onClick={() => onDelete(session)}>
            {t("table.delete")}
            {about}
          </button>
        </div>
      </td>
    </tr>
  );
}
