import { useMutation } from "@tanstack/react-query";
import { request } from "@/lib/api-client";
import type { LoginResponse } from "../reasons";

export interface ConfirmEmailInput {
  email: string;
  /** The link token or the 6-digit code. */
  token: string;
}

export function confirmEmail({ email, token }: ConfirmEmailInput): Promise<LoginResponse> {
  return request<LoginResponse>("/confirmemailaddress", {
    method: "POST",
    query: { loginEMail: email.trim(), token: token.trim() },
    auth: false,
  });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
