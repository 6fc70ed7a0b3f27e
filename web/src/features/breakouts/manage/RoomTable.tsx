/**
 * The event's rooms as a table: name and topic, state (a word in a badge), opening times in the
 * event's zone, how people meet, who is inside (live) with a Move button per person, and the
 * actions. The table scrolls sideways inside its own focusable region on a narrow page; buttons
 * name their room or person for screen readers without hiding the visible word.
 */
import type { ReactNode } from "react";
import type { BreakoutState } from "@/lib/realtime";
import { useNames, useWantNames } from "../names";
import { CALL_TYPES, type BreakoutRoom, type CallType } from "./api";
import { useBreakoutsManageT } from "./breakouts-manage-i18n";
import { formatInZone } from "./event-time";

export interface RoomTableProps {
  eventId: string;
  rooms: BreakoutRoom[];
  timeZone: string;
  stateOf: (room: BreakoutRoom) => BreakoutState;
  /** The room whose Open or Close is being saved. */
  switching: string | null;
  onToggle: (room: BreakoutRoom) => void;
  onEdit: (room: BreakoutRoom) => void;
  onDelete: (room: BreakoutRoom) => void;
  onMove: (room: BreakoutRoom, person: { id: string; name: string }) => void;
}

function Inside({ eventId, room, onMove }: { eventId: string; room: BreakoutRoom; onMove: RoomTableProps["onMove"] }) {
  const t = useBreakoutsManageT();
  useWantNames(eventId, room.PersonIDs);
  const known = useNames((s) => s.known);
  return (
    <>
      <p className="breakouts-seats">{t("list.seats", { occupancy: room.Occupancy, capacity: room.Capacity })}</p>
      {room.PersonIDs.length === 0 ? (
        <p className="muted">{t("list.nobody")}</p>
      ) : (
        <ul className="breakouts-people" aria-label={t("list.peopleIn", { room: room.Title })}>
          {room.PersonIDs.map((id) => {
            const name = known[id]?.FullName || t("list.someone");
            return (
              <li key={id} data-person={id}>
                <span>{name}</span>
                <button type="button" className="button button--secondary breakouts-action" aria-label={t("list.moveNamed", { name })} onClick={() => onMove(room, { id, name })}>
                  {t("list.move")}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

export function RoomTable({ eventId, rooms, timeZone, stateOf, switching, onToggle, onEdit, onDelete, onMove }: RoomTableProps) {
  const t = useBreakoutsManageT();
  return (
    <div className="console-table-scroll" role="region" aria-label={t("list.label")} tabIndex={0}>
      <table className="console-table breakouts-table">
        <thead>
          <tr>
            <th scope="col">{t("list.room")}</th>
            <th scope="col">{t("list.state")}</th>
            <th scope="col">{t("list.schedule")}</th>
            <th scope="col">{t("list.call")}</th>
            <th scope="col">{t("list.inside")}</th>
            <th scope="col">{t("list.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {rooms.map((room) => {
            const state = stateOf(room);
            const about: ReactNode = (
              <>
                {" "}
                <span className="visually-hidden">{t("list.about", { room: room.Title })}</span>
              </>
            );
            const callType: CallType = (CALL_TYPES as readonly string[]).includes(room.ConferenceType) ? (room.ConferenceType as CallType) : "None";
            return (
              <tr key={room.ID} data-room={room.ID}>
                <td className="breakouts-room">
                  <strong>{room.Title}</strong>
                  {room.Topic ? <span className="breakouts-topic">{room.Topic}</span> : null}
                </td>
                <td>
                  <span className={`breakouts-state breakouts-state--${state}`}>{t(`states.${state}`)}</span>
                </td>
                <td className="breakouts-when">
                  {room.OpensAt ? <span>{t("list.opensAt", { time: formatInZone(room.OpensAt, timeZone) })}</span> : null}
                  {room.ClosesAt ? <span>{t("list.closesAt", { time: formatInZone(room.ClosesAt, timeZone) })}</span> : null}
                  {!room.OpensAt && !room.ClosesAt ? <span className="muted">{t("list.byHand")}</span> : null}
                </td>
                <td>
                  {t(`calls.${callType}`)}
                  {callType === "Zoom" && !room.Call?.MeetingID ? <span className="breakouts-missing">{t("list.zoomMissing")}</span> : null}
                </td>
                <td>
                  <Inside eventId={eventId} room={room} onMove={onMove} />
                </td>
                <td>
                  <div className="console-table__actions">
                    <button
                      type="button"
                      className="button button--secondary breakouts-action"
                      aria-disabled={switching === room.ID || undefined}
                      onClick={() => {
                        if (switching !== room.ID) onToggle(room);
                      }}
                    >
                      {t(state === "open" ? "list.close" : "list.open")}
                      {about}
                    </button>
                    <button type="button" className="button button--secondary breakouts-action" onClick={() => onEdit(room)}>
                      {t("list.edit")}
                      {about}
                    </button>
                    <button type="button" className="button button--secondary breakouts-action" onClick={() => onDelete(room)}>
                      {t("list.delete")}
                      {about}
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
