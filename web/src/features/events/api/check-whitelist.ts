import { ApiError, request } from "@/lib/api-client";

/** True when the signed-in person's email is (still) admitted; false on 401. */
export async function checkWhitelist(eventID: string): Promise<boolean> {
  try {
    const answer = await request<{ IsAllowed?: boolean }>(
      `/events/${encodeURIComponent(eventID)}/email-whitelist`,
    );
    return answer.IsAllowed !== false;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return false;
    throw error;
  }
}
