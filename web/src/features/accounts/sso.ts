/**
 * Single sign-on's rules on the attendee side: which message a refused sign-in shows (the server
 * sends its error code to Login as `sso_error`), and which `next` page /sso-complete may go to.
 */
import { paths } from "@/lib/routes";

export type SsoMessageKey =
  | "errors.ssoStateInvalid"
  | "errors.ssoProviderFailed"
  | "errors.ssoTokenInvalid"
  | "errors.ssoEmailUnverified"
  | "errors.ssoProviderGone"
  | "errors.ssoAccountElsewhere"
  | "errors.ssoProviderDisabled"
  | "errors.customerDisabled"
  | "errors.notAdmitted"
  | "errors.accountDisabled"
  | "errors.ssoFailed";

const SSO_MESSAGES: Readonly<Record<string, SsoMessageKey>> = {
  SSO_STATE_INVALID: "errors.ssoStateInvalid",
  SSO_PROVIDER_FAILED: "errors.ssoProviderFailed",
  SSO_TOKEN_INVALID: "errors.ssoTokenInvalid",
  SSO_EMAIL_UNVERIFIED: "errors.ssoEmailUnverified",
  SIGN_IN_PROVIDER_NOT_FOUND: "errors.ssoProviderGone",
  SSO_ACCOUNT_ELSEWHERE: "errors.ssoAccountElsewhere",
  SSO_PROVIDER_DISABLED: "errors.ssoProviderDisabled",
  NOT_WHITELISTED: "errors.notAdmitted",
  CUSTOMER_DISABLED: "errors.customerDisabled",
  ACCOUNT_DISABLED: "errors.accountDisabled",
  SSO_HANDOFF_INVALID: "errors.ssoFailed",
};

/** The message for an `sso_error` code; a code this build does not know says "did not work". */
export function ssoErrorMessageKey(code: string): SsoMessageKey {
  return Object.hasOwn(SSO_MESSAGES, code) ? (SSO_MESSAGES[code] as SsoMessageKey) : "errors.ssoFailed";
}

/** The server takes at most this much as a start's `Next` (identity/router.py). */
const NEXT_MAX = 500;

/**
 * The `Next` a provider button hands the server: the page the guard remembered when it is one
 * the server accepts (a page of the event, no whitespace, at most 500 characters), else "/".
 * A refused `Next` would answer the navigation with an error page instead of the provider.
 */
export function startNext(wanted: string | null): string {
  const inside = insideEventPath(wanted);
  return inside && inside.length <= NEXT_MAX && !/\s/.test(inside) ? inside : paths.root;
}

/** Pages that would undo or repeat the sign-in: never a destination after it. */
const NOT_AFTER_SIGN_IN = new Set<string>([paths.login, paths.signOut, paths.ssoComplete]);

/**
 * `next` when it is a page of this event (a path relative to the event's base, as the guard
 * remembers it), else null. Refused: anything not starting with one "/" (another host, a scheme),
 * backslashes and control characters (browsers read "/\host" as another host), "." and ".."
 * segments (they would climb out of the event's base), and the sign-in pages themselves.
 */
export function insideEventPath(next: string | null | undefined): string | null {
  if (typeof next !== "string" || next.length > 2000) return null;
  if (!next.startsWith("/") || next.startsWith("//")) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(next)) return null;
  const path = next.split(/[?#]/, 1)[0] ?? "";
  const segments = path.split("/").slice(1);
  for (const segment of segments) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (decoded === "." || decoded === ".." || decoded.includes("\\")) return null;
  }
  if (NOT_AFTER_SIGN_IN.has(`/${(segments[0] ?? "").toLowerCase()}`)) return null;
  return next;
}
