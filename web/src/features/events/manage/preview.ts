/**
 * "Preview as attendee": the organizer opens their event as an admitted attendee sees it, with
 * no fake account. `POST /events/{EventID}/preview` issues a preview token (the organizer's
 * person, treated as an attendee of this event only while they manage it: docs/subsystems/
 * permissions.md); it is put where the attendee app looks for the event's token (the browser
 * database, table jwts: features/accounts/session.ts reads it on start) and the event opens in a
 * new tab, signed in.
 */
import { request } from "@/lib/api-client";
import { attendeeUrl } from "@/lib/console-paths";
import { db } from "@/lib/db";

interface PreviewAnswer {
  Token: string;
  PersonID: string;
  EventID: string;
  InternalName: string;
}

export async function openPreview(eventID: string): Promise<void> {
  // Opened before the request: a window opened after an await is taken for a popup and blocked.
  const tab = window.open("", "_blank");
  if (tab) tab.opener = null;
  try {
    const answer = await request<PreviewAnswer>(`/events/${encodeURIComponent(eventID)}/preview`, {
      method: "POST",
    });
    await (await db()).jwts.put({ eventID: answer.EventID, token: answer.Token });
    const url = attendeeUrl(answer.InternalName);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
