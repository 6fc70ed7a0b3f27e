import { request } from "@/lib/api-client";
import type { PublicEvent } from "../types";

/** 401 NOT_WHITELISTED here means the email left the whitelist: the caller signs out. */
export function getPublicEvent(eventID: string): Promise<PublicEvent> {
  return request<PublicEvent>(`/events/${encodeURIComponent(eventID)}/public`);
}
