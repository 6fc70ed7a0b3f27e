import { useMutation } from "@tanstack/react-query";
import { request } from "@/lib/api-client";
import type { LoginResponse } from "../reasons";

export interface ResetPasswordInput {
  email: string;
  password: string;
  token: string;
}

export function resetPassword({ email, password, token }: ResetPasswordInput): Promise<LoginResponse> {
  return request<LoginResponse>("/resetpassword", {
    method: "POST",
    body: { LoginEMail: email.trim(), Password: password, Token: token },
    auth: false,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
