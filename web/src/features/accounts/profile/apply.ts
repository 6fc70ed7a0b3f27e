/**
 * A saved profile reaches everything that shows the signed-in person without a reload: the person
 * store (menu, photobooth link, start screen, display zone of agenda/session/chat times) and the
 * own attendee record loaded at start-up (name and picture as other attendees see them).
 */
import { useAttendeeStore } from "@/features/events";
import type { Person } from "../api/get-person";
import { usePersonStore } from "../person-store";

export function applyPerson(saved: Person): void {
  const { person, setPerson } = usePersonStore.getState();
  // The answer is the whole person; merging keeps anything the store holds that it might omit.
  const next: Person = person && person.ID === saved.ID ? { ...person, ...saved } : saved;
  setPerson(next);
  const { attendee, setAttendee } = useAttendeeStore.getState();
  if (attendee && attendee.PersonID === next.ID) {
    setAttendee({
      ...attendee,
      FirstName: next.FirstName,
      LastName: next.LastName,
      FullName: next.FullName || `${next.FirstName} ${next.LastName}`.trim(),
      PictureURL: next.ContactInfo?.Business?.PictureURL ?? attendee.PictureURL,
    });
  }
}
