import { request } from "@/lib/api-client";
import type { Theme } from "../theme";

/**
 * The event's resolved theme (event over customer-global over default). Any failure is
 * "Failed to fetch theme" and fails the start-up (attendee-app.md §8).
 */
export function getTheme(eventID: string): Promise<Theme | null> {
  return request<Theme>(`/events/${encodeURIComponent(eventID)}/public/theme`);
}
