import type { BoothPerson } from "./links";

interface PersonFields {
  FullName?: string | null;
  FirstName?: string | null;
  LastName?: string | null;
  ContactInfo?: { Business?: { PictureURL?: string | null } | null } | null;
}

/** The attendee as the booth greets them: their name, picture and the app's language. */
export function boothPerson(person: PersonFields | null | undefined, language: string): BoothPerson {
  const name = person?.FullName || [person?.FirstName, person?.LastName].filter(Boolean).join(" ");
  return { name, avatar: person?.ContactInfo?.Business?.PictureURL ?? "", language };
}
