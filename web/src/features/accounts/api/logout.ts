import { request } from "@/lib/api-client";

export function logout(): Promise<undefined> {
  return request<undefined>("/logout", { method: "POST" });
}
