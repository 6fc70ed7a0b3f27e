import { useMutation } from "@tanstack/react-query";
import { request } from "@/lib/api-client";
import type { LoginResponse } from "../reasons";

export interface RegisterInput {
  eventID: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  language: string;
}

export function register(input: RegisterInput): Promise<LoginResponse> {
  return request<LoginResponse>("/registernewaccount", {
    method: "POST",
    query: { EventID: input.eventID },
    body: {
      FirstName: input.firstName.trim(),
      LastName: input.lastName.trim(),
      LoginEMail: input.email.trim(),
      Password: input.password,
      Language: input.language,
    },
    auth: false,
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
