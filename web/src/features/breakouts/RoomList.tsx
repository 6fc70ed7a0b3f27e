/** The event's rooms, or why there are none to show (loading, failed with Try again, empty). */
import type { UseQueryResult } from "@tanstack/react-query";
import type { BreakoutRoom } from "./api";
import { useBreakoutsT } from "./i18n";
import { stateAt } from "./model";
import { usePresence } from "./presence";
import { RoomCard } from "./RoomCard";

interface RoomListProps {
  eventID: string;
  me: string;
  query: UseQueryResult<BreakoutRoom[]>;
  now: number;
  onJoin: (roomID: string) => void;
}

export function RoomList({ eventID, me, query, now, onJoin }: RoomListProps) {
  const { t } = useBreakoutsT();
  const { presence, pending, failure } = usePresence();
  if (query.isPending) return <p role="status">{t("panel.loading")}</p>;
  if (query.isError) {
    return (
      <div role="alert">
        <p>{t("panel.loadFailed")}</p>
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          {t("panel.retry")}
        </button>
      </div>
    );
  }
  if (query.data.length === 0) return <p>{t("panel.empty")}</p>;
  return (
    <>
      <p className="breakouts__intro">{t("panel.intro")}</p>
      <ul className="breakouts__rooms" aria-label={t("panel.list")}>
        {query.data.map((room) => {
          // In the room by this tab's presence, or by the list (another tab or window holds it).
          const inside = presence.roomID === room.ID || room.PersonIDs.includes(me);
          const elsewhere = inside && !(presence.roomID === room.ID && presence.here);
          return (
            <li key={room.ID}>
              <RoomCard
                eventID={eventID}
                me={me}
                room={room}
                state={stateAt(room, now)}
                now={now}
                inside={inside}
                elsewhere={elsewhere}
                joining={pending?.kind === "join" && pending.roomID === room.ID}
                failure={failure?.roomID === room.ID ? failure : null}
                onJoin={() => onJoin(room.ID)}
              />
            </li>
          );
        })}
      </ul>
    </>
  );
}
