import { ApiError, request } from "@/lib/api-client";
import type { Theme } from "../theme";

/**
 * The event theme. The server does not serve themes yet (another issue builds
 * GET events/{id}/public/theme): a 404 means "use the built-in default theme" and yields null.
 * Any other failure is "Failed to fetch theme" and fails the start-up (attendee-app.md §8).
 */
export async function getTheme(eventID: string): Promise<Theme | null> {
  try {
    return await request<Theme>(`/events/${encodeURIComponent(eventID)}/public/theme`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
