/**
 * Who is inside a room: a picture (or initials) and a name per person, the signed-in person as
 * "You", and "and 12 more" past `max`. Names come from the attendee list (names.ts); the list is
 * named after its room, so a screen reader hears whose people these are.
 */
import { Avatar } from "@/features/chat";
import { useBreakoutsT } from "./i18n";
import { facesOf } from "./model";
import { useNames, useWantNames } from "./names";

interface PeopleProps {
  eventID: string;
  me: string;
  roomTitle: string;
  personIDs: readonly string[];
  /** How many are inside: the list may name only the first of them. */
  occupancy: number;
  max: number;
}

export function People({ eventID, me, roomTitle, personIDs, occupancy, max }: PeopleProps) {
  const { t } = useBreakoutsT();
  const { shown, more } = facesOf({ PersonIDs: [...personIDs], Occupancy: occupancy }, max);
  useWantNames(eventID, shown);
  const known = useNames((s) => s.known);
  if (occupancy === 0) return <p className="breakouts__nobody">{t("room.nobody")}</p>;
  return (
    <ul className="breakouts__people" aria-label={t("room.people", { room: roomTitle })}>
      {shown.map((id) => {
        const person = known[id];
        const name = id === me ? t("room.you") : person?.FullName || t("room.someone");
        return (
          <li key={id} data-person={id}>
            <Avatar name={person?.FullName || name} pictureURL={person?.PictureURL || null} />
            <span>{name}</span>
          </li>
        );
      })}
      {more > 0 ? <li className="breakouts__more">{t("room.more", { count: more })}</li> : null}
    </ul>
  );
}
