import type { ErrorMessageKey } from "@/lib/errors";

/** Login-type answers carry a `Reason` (admin-api.md §3). These are the codes the screens act on. */

export const Reason = {
  Undefined: 0,
  WrongCredentials: 1,
  Disabled: 2,
  VerificationMissing: 3,
  TokenInvalid: 4,
  ForgottenPasswordMailRequested: 5,
  PasswordRules: 6,
  LoginOk: 7,
  VerificationMailSent: 8,
  NewPasswordSet: 9,
  RegistrationDone: 10,
  AdminRightsRequired: 11,
  NotAdmitted: 12,
  InternalError: 13,
  EmailUsed: 14,
} as const;

export interface LoginResponse {
  Reason: number;
  ReasonText?: string;
  Token?: string | null;
  PersonID?: string | null;
  EventID?: string | null;
}

export type ReasonMessageKey =
  | "errors.loginFailed"
  | "errors.accountDisabled"
  | "errors.tokenInvalid"
  | "errors.passwordRules"
  | "errors.notAdmitted"
  | "errors.emailUsed"
  | "errors.generic";

/** The message for a refusing reason code. */
export function reasonMessageKey(reason: number): ReasonMessageKey {
  switch (reason) {
    case Reason.WrongCredentials:
      return "errors.loginFailed";
    case Reason.Disabled:
      return "errors.accountDisabled";
    case Reason.TokenInvalid:
      return "errors.tokenInvalid";
    case Reason.PasswordRules:
      return "errors.passwordRules";
    case Reason.NotAdmitted:
      return "errors.notAdmitted";
    case Reason.EmailUsed:
      return "errors.emailUsed";
    default:
      return "errors.generic";
  }
}

export type MessageKey = ReasonMessageKey | ErrorMessageKey;
