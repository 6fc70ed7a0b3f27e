/**
 * One room in the list: name, topic, state (in words, never colour alone), when it opens or
 * until when it is open, the seats left, who is inside, and Join — or why not: full, not open
 * yet, closed, or "you are here". A refusal is said beside the room's Join button it answers.
 */
import { useTranslation } from "react-i18next";
import { useDisplayZone } from "@/features/accounts";
import { codeMessageKey } from "@/lib/errors";
import type { BreakoutRoom, BreakoutState } from "./api";
import { type BreakoutsT, useBreakoutsT } from "./i18n";
import { People } from "./People";
import type { Failure } from "./presence";
import { when } from "./when";

/** Faces shown per room in the list; the rest are "and 9 more". */
const LIST_FACES = 8;

export interface RoomCardProps {
  eventID: string;
  me: string;
  room: BreakoutRoom;
  state: BreakoutState;
  now: number;
  /** The person is in this room (in this tab or another). */
  inside: boolean;
  /** The person is inside, but another tab or window holds the presence. */
  elsewhere: boolean;
  joining: boolean;
  failure: Failure | null;
  onJoin: () => void;
}

function failureText(failure: Failure, t: BreakoutsT, shared: (key: ReturnType<typeof codeMessageKey>) => string): string {
  if (failure.kind === "refused") return shared(codeMessageKey(failure.code));
  return t(failure.kind === "offline" ? "failure.offline" : "failure.noAnswer");
}

export function RoomCard({ eventID, me, room, state, now, inside, elsewhere, joining, failure, onJoin }: RoomCardProps) {
  const { t, language } = useBreakoutsT();
  const { t: shared } = useTranslation();
  const zone = useDisplayZone();
  const titleId = `breakout-${room.ID}`;
  const full = state === "open" && room.SeatsLeft <= 0 && !inside;
  const schedule =
    state === "scheduled" && room.OpensAt
      ? t("room.opensAt", { time: when(room.OpensAt, language, zone, now) })
      : state === "open" && room.ClosesAt
        ? t("room.openUntil", { time: when(room.ClosesAt, language, zone, now) })
        : null;
  const canJoin = state === "open" && !full && (!inside || elsewhere);
  return (
    <article className="breakouts__room" aria-labelledby={titleId} data-room={room.ID} data-state={state}>
      <header className="breakouts__roomhead">
        <h3 id={titleId}>{room.Title}</h3>
        <span className={`breakouts__badge breakouts__badge--${full ? "full" : state}`}>{full ? t("room.full") : t(`room.${state}`)}</span>
      </header>
      {room.Topic ? <p className="breakouts__topic">{room.Topic}</p> : null}
      {schedule ? <p className="breakouts__when">{schedule}</p> : null}
      <p className="breakouts__seats">{t("room.seats", { count: Math.max(0, room.SeatsLeft), capacity: room.Capacity })}</p>
      <People eventID={eventID} me={me} roomTitle={room.Title} personIDs={room.PersonIDs} occupancy={room.Occupancy} max={LIST_FACES} />
      {inside && !elsewhere ? <p className="breakouts__here">{t("room.here")}</p> : null}
      {elsewhere ? <p className="breakouts__here">{t("room.elsewhere")}</p> : null}
      {canJoin ? (
        <button
          type="button"
          className="button"
          data-join={room.ID}
          aria-label={joining ? undefined : t(elsewhere ? "room.joinHereNamed" : "room.joinNamed", { room: room.Title })}
          aria-disabled={joining || undefined}
          onClick={() => {
            if (!joining) onJoin();
          }}
        >
          {joining ? t("room.joining") : t(elsewhere ? "room.joinHere" : "room.join")}
        </button>
      ) : null}
      {failure ? (
        <p className="breakouts__failure" role="alert">
          {failureText(failure, t, shared)}
        </p>
      ) : null}
    </article>
  );
}
