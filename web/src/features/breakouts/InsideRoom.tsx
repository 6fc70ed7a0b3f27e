/**
 * The room the person is in: its name as a heading (which takes the focus after joining), the
 * call (only in the tab that holds the presence: one person, one call), who is inside, the room's
 * own chat (the chat feature's room view, for its members: the people inside), and Leave.
 */
import type { RefObject } from "react";
import { RoomChat } from "@/features/chat";
import type { BreakoutRoom } from "./api";
import { CallEmbed } from "./CallEmbed";
import { useBreakoutsT } from "./i18n";
import type { Presence } from "./model";
import { People } from "./People";

/** Everyone inside is listed here (a room seats at most 1,000; names come a page at a time). */
const ALL_FACES = 100;

interface InsideProps {
  eventID: string;
  me: string;
  room: BreakoutRoom;
  presence: Presence;
  busy: "join" | "leave" | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onLeave: () => void;
  onTakeOver: () => void;
}

export function InsideRoom({ eventID, me, room, presence, busy, headingRef, onLeave, onTakeOver }: InsideProps) {
  const { t } = useBreakoutsT();
  return (
    <section className="breakouts__inside" aria-labelledby={`breakout-inside-${room.ID}`} data-inside={room.ID}>
      <h3 id={`breakout-inside-${room.ID}`} ref={headingRef} tabIndex={-1}>
        {t("inside.heading", { room: room.Title })}
      </h3>
      {room.Topic ? <p className="breakouts__topic">{room.Topic}</p> : null}
      {presence.here ? (
        <CallEmbed call={presence.call} roomTitle={room.Title} />
      ) : (
        <div className="breakouts__elsewhere">
          <p>{t("inside.elsewhere", { room: room.Title })}</p>
          <button type="button" className="button button--secondary" onClick={onTakeOver} aria-disabled={busy !== null || undefined}>
            {busy === "join" ? t("room.joining") : t("inside.takeOver")}
          </button>
        </div>
      )}
      <People eventID={eventID} me={me} roomTitle={room.Title} personIDs={room.PersonIDs} occupancy={room.Occupancy} max={ALL_FACES} />
      <p>
        <button type="button" className="button button--danger" onClick={onLeave} aria-disabled={busy !== null || undefined}>
          {busy === "leave" ? t("inside.leaving") : t("inside.leave")}
        </button>
      </p>
      {presence.chatroomID ? (
        <section className="breakouts__chat" aria-label={t("inside.chat", { room: room.Title })}>
          <RoomChat roomID={presence.chatroomID} />
        </section>
      ) : null}
    </section>
  );
}
