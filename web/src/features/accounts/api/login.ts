import { useMutation } from "@tanstack/react-query";
import { request } from "@/lib/api-client";
import type { LoginResponse } from "../reasons";

export interface LoginInput {
  eventID: string;
  email: string;
  password: string;
}

export function login({ eventID, email, password }: LoginInput): Promise<LoginResponse> {
  return request<LoginResponse>("/login", {
    method: "POST",
    query: { EventID: eventID },
    body: { LoginEMail: email.trim(), Password: password },
    auth: false,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
