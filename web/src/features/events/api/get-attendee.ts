import { request } from "@/lib/api-client";

/** The attendee record of one person in this event (lists/attendees, attendee-app.md §7). */
export interface Attendee {
  PersonID: string;
  FullName: string;
  FirstName: string;
  LastName: string;
  PictureURL: string;
}

/** Loads the signed-in person's own attendee record; a person who is not one fails start-up. */
export async function getAttendee(eventID: string, personID: string): Promise<Attendee> {
  const found = await request<Attendee[]>(`/events/${encodeURIComponent(eventID)}/lists/attendees`, {
    method: "POST",
    body: [personID],
  });
  const own = found.find((attendee) => attendee.PersonID === personID);
  if (!own) throw new Error("not an attendee of this event");
  return own;
}
