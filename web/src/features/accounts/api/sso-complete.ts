import { request } from "@/lib/api-client";
import type { LoginResponse } from "../reasons";

/**
 * `POST /identity/sso/complete`: the server reads its HttpOnly hand-off cookie (so the call sends
 * cookies), clears it and answers like a login. A missing, used or expired cookie is an
 * `ApiError` (`SSO_HANDOFF_INVALID`).
 */
export function completeSso(eventID: string): Promise<LoginResponse> {
  return request<LoginResponse>("/identity/sso/complete", {
    method: "POST",
    body: { EventID: eventID },
    auth: false,
    credentials: "include",
  });
}
