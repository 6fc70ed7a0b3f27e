/**
 * Where a poll shows: nowhere in particular, in a room of the tour (attendees standing there get
 * it, `GET /activepolls?Node=`), or during a session (and so in that session's room). Rooms are
 * chosen from the tour as the Navigation section offers them, or typed when the tour cannot be
 * read; sessions from the event's, by title and start in the event's zone.
 */
import { useId } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/Field";
import { SelectField } from "@/components/SelectField";
import type { SessionChoice } from "./api";
import { formatInZone } from "./event-time";
import { BINDINGS, type PollFormValues } from "./poll-schema";
import { usePollsT } from "./polls-manage-i18n";
import { roomName, type RoomsState } from "./tour-rooms";

export type SessionsState = { status: "loading" | "failed" } | { status: "ready"; sessions: SessionChoice[] };

export interface PollPlaceFieldsProps {
  rooms: RoomsState;
  sessions: SessionsState;
  timeZone: string;
  message: (value: unknown) => string | undefined;
}

export const sessionLabel = (s: SessionChoice, timeZone: string) => `${s.Title || s.InternalName} — ${formatInZone(s.DateBegin, timeZone)}`;

export function PollPlaceFields({ rooms, sessions, timeZone, message }: PollPlaceFieldsProps) {
  const t = usePollsT();
  const { i18n } = useTranslation();
  const radioId = useId();
  const { register, control, formState } = useFormContext<PollFormValues>();
  const [binding, nodeId, sessionId] = useWatch({ control, name: ["Binding", "PanoNodeID", "SessionID"] });
  const errors = formState.errors;

  const roomField = () => {
    if (rooms.status !== "ready" || rooms.rooms.length === 0) {
      const why = { none: t("place.noTour"), loading: t("place.tourLoading"), failed: t("place.tourFailed"), ready: t("place.noRooms") }[rooms.status];
      return (
        <>
          <p className="small muted" role={rooms.status === "loading" ? "status" : undefined}>
            {why}
          </p>
          <Field label={t("place.roomId")} autoComplete="off" spellCheck={false} error={message(errors.PanoNodeID?.message)} {...register("PanoNodeID")} />
        </>
      );
    }
    const known = rooms.rooms.some((r) => r.id === nodeId);
    return (
      <SelectField label={t("place.room")} error={message(errors.PanoNodeID?.message)} {...register("PanoNodeID")}>
        <option value="">{t("place.chooseRoom")}</option>
        {rooms.rooms.map((room) => (
          <option key={room.id} value={room.id}>
            {t("place.roomOption", { name: roomName(room, i18n.language), id: room.id })}
          </option>
        ))}
        {nodeId && !known ? <option value={nodeId}>{t("place.roomKept", { id: nodeId })}</option> : null}
      </SelectField>
    );
  };

  const sessionField = () => {
    if (sessions.status !== "ready") {
      return (
        <p className="small muted" role={sessions.status === "loading" ? "status" : "alert"}>
          {t(sessions.status === "loading" ? "place.sessionsLoading" : "place.sessionsFailed")}
        </p>
      );
    }
    const ordered = [...sessions.sessions].sort((a, b) => Date.parse(a.DateBegin) - Date.parse(b.DateBegin));
    const known = ordered.some((s) => s.ID === sessionId);
    return (
      <SelectField label={t("place.session")} error={message(errors.SessionID?.message)} {...register("SessionID")}>
        <option value="">{t("place.chooseSession")}</option>
        {ordered.map((s) => (
          <option key={s.ID} value={s.ID}>
            {sessionLabel(s, timeZone)}
          </option>
        ))}
        {sessionId && !known ? <option value={sessionId}>{t("place.sessionKept", { id: sessionId })}</option> : null}
      </SelectField>
    );
  };

  return (
    <fieldset>
      <legend>{t("place.legend")}</legend>
      <div className="polls-choice">
        {BINDINGS.map((value) => (
          <div key={value} className="field field--checkbox">
            <input id={`${radioId}-${value}`} type="radio" value={value} {...register("Binding")} />
            <label htmlFor={`${radioId}-${value}`}>{t(`place.bindings.${value}`)}</label>
          </div>
        ))}
      </div>
      {binding === "room" ? roomField() : null}
      {binding === "session" ? sessionField() : null}
    </fieldset>
  );
}
