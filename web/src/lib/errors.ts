/** Maps any failure of a call to the translation key of the message a person should read. */
import { ApiError, NetworkError } from "./api-client";

export type ErrorMessageKey =
  | "errors.network"
  | "errors.throttled"
  | "errors.invalidInput"
  | "errors.sessionExpired"
  | "errors.generic";

export function errorMessageKey(error: unknown): ErrorMessageKey {
  if (error instanceof NetworkError) return "errors.network";
  if (error instanceof ApiError) {
    if (error.status === 429) return "errors.throttled";
    if (error.status === 422) return "errors.invalidInput";
    if (error.status === 401 && error.code === "JWT_EXPIRED") return "errors.sessionExpired";
  }
  return "errors.generic";
}
