import { request } from "@/lib/api-client";

export interface Person {
  ID: string;
  FirstName: string;
  LastName: string;
  FullName?: string;
  Language?: string;
  IsAdmin?: boolean;
  ContactInfo?: { Business?: { EMailAddress?: string; PictureURL?: string } };
  Login?: { LoginEMail?: string; IsVerified?: boolean; IsDisabled?: boolean };
  TimezoneName?: string;
  TimezoneShift?: number;
}

export function getPerson(personID: string, eventID: string, customerID: string): Promise<Person> {
  return request<Person>(`/persons/${encodeURIComponent(personID)}`, {
    query: { EventID: eventID, CustomerID: customerID },
  });
}
