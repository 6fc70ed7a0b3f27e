import { useMutation } from "@tanstack/react-query";
import { request } from "@/lib/api-client";
import type { LoginResponse } from "../reasons";

export interface ForgottenPasswordInput {
  eventID: string;
  email: string;
}

export function forgottenPassword({ eventID, email }: ForgottenPasswordInput): Promise<LoginResponse> {
  return request<LoginResponse>("/forgottenpassword", {
    method: "POST",
    query: { loginEMail: email.trim(), EventID: eventID },
    auth: false,
  });
}

export function useForgottenPassword() {
  return useMutation({ mutationFn: forgottenPassword });
}
