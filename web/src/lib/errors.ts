/**
 * The one place a failure becomes the message a person reads: every server error code (REST and
 * realtime alike, `generated/error-codes.ts`) maps to a translation key in `CODE_MESSAGES`, and a
 * failed call, a chat error frame or anything else goes through `errorMessageKey` or
 * `codeMessageKey`. The texts are in `locales/<lang>/errors.ts`.
 */
import { ApiError, NetworkError } from "./api-client";
import type { ErrorCode } from "./generated/error-codes";

export type ErrorMessageKey =
  | "errors.network"
  | "errors.throttled"
  | "errors.invalidInput"
  | "errors.loginFailed"
  | "errors.sessionExpired"
  | "errors.generic"
  | "errors.forbidden"
  | "errors.chatBanned"
  | "errors.attendeeRemoved"
  | "errors.notFound"
  | "errors.eventNotFound"
  | "errors.personNotFound"
  | "errors.chatroomNotFound"
  | "errors.messageNotFound"
  | "errors.notAMember"
  | "errors.textEmpty"
  | "errors.textTooLong"
  | "errors.cannotInviteSelf"
  | "errors.tooManyMembers"
  | "errors.serverBusy"
  | "errors.signInRequired"
  | "errors.notAdmitted"
  | "errors.customerDisabled"
  | "errors.accountDisabled"
  | "errors.ssoFailed"
  | "errors.ssoStateInvalid"
  | "errors.ssoProviderFailed"
  | "errors.ssoTokenInvalid"
  | "errors.ssoEmailUnverified"
  | "errors.ssoProviderGone"
  | "errors.ssoAccountElsewhere"
  | "errors.ssoProviderDisabled"
  | "errors.emailUsed"
  | "errors.mediaExpired"
  | "errors.conflict"
  | "errors.prepublishFailed"
  | "errors.nameTaken"
  | "errors.fileTooLarge"
  | "errors.fileType"
  | "errors.fileInvalid"
  | "errors.uploadFailed"
  | "errors.mailFailed"
  | "errors.serviceUnavailable"
  | "errors.pollNotFound"
  | "errors.pollNotOpen"
  | "errors.pollIncomplete"
  | "errors.pollOptionUnknown"
  | "errors.pollChoice"
  | "errors.pollOtherNotAllowed"
  | "errors.pollLocked"
  | "errors.questionNotFound"
  | "errors.qnaClosed"
  | "errors.alreadyUpvoted"
  | "errors.reactionsOff"
  | "errors.breakoutRoomNotFound"
  | "errors.breakoutRoomClosed"
  | "errors.breakoutRoomFull"
  | "errors.breakoutNotPresent"
  | "errors.helpdeskNotAgent"
  | "errors.helpdeskTicketNotFound"
  | "errors.helpdeskTicketClosed"
  | "errors.helpdeskTooManyOpen"
  | "errors.wallProjectNotFound"
  | "errors.wallTooManyProjects"
  | "errors.wallTooManyPictures"
  | "errors.wallInvalidState"
  | "errors.huntItemNotFound"
  | "errors.huntItemAlreadyFound"
  | "errors.huntClosed"
  | "errors.huntFull"
  | "errors.chatPersonBlocked"
  | "errors.cannotMuteSelf"
  | "errors.tooManyMutes"
  | "errors.chatMuteNotFound";

/**
 * A `Record` over every code, so a code the server adds fails `tsc` here until someone decides
 * what a person should read. Codes a person cannot act on (the frame layer, routing) say "something
 * went wrong"; the 422 and 429 codes keep the messages the status gave them before codes were mapped.
 */
const CODE_MESSAGES: Record<ErrorCode, ErrorMessageKey> = {
  ACTIVITY_NOT_FOUND: "errors.notFound",
  ADMIN_NOT_FOUND: "errors.notFound",
  ALREADY_UPVOTED: "errors.alreadyUpvoted",
  BAD_CHECKSUM: "errors.generic",
  BAD_COMPRESSION: "errors.generic",
  BAD_MAGIC: "errors.generic",
  BAD_PAYLOAD: "errors.generic",
  BAD_REQUEST: "errors.generic",
  BAD_VERSION: "errors.generic",
  BODY_TOO_LARGE: "errors.fileTooLarge",
  BREAKOUT_NOT_PRESENT: "errors.breakoutNotPresent",
  BREAKOUT_ROOM_CLOSED: "errors.breakoutRoomClosed",
  BREAKOUT_ROOM_FULL: "errors.breakoutRoomFull",
  BREAKOUT_ROOM_NOT_FOUND: "errors.breakoutRoomNotFound",
  CANNOT_INVITE_SELF: "errors.cannotInviteSelf",
  CANNOT_MUTE_SELF: "errors.cannotMuteSelf",
  CHATROOM_NOT_FOUND: "errors.chatroomNotFound",
  CHAT_MUTE_NOT_FOUND: "errors.chatMuteNotFound",
  CHAT_PERSON_BLOCKED: "errors.chatPersonBlocked",
  // People (server people/).
  ATTENDEE_REMOVED: "errors.attendeeRemoved",
  CHAT_BANNED: "errors.chatBanned",
  // Privacy (server privacy/): deleting one's account with a wrong password.
  PASSWORD_INCORRECT: "errors.loginFailed",
  INVITATION_IMPORT_INVALID: "errors.invalidInput",
  CONFERENCE_TYPE_MISMATCH: "errors.conflict",
  CONFLICT: "errors.conflict",
  EVENT_REQUEST_NOT_FOUND: "errors.notFound",
  SIGN_IN_PROVIDER_NOT_FOUND: "errors.ssoProviderGone",
  SSO_STATE_INVALID: "errors.ssoStateInvalid",
  SSO_PROVIDER_FAILED: "errors.ssoProviderFailed",
  SSO_TOKEN_INVALID: "errors.ssoTokenInvalid",
  SSO_EMAIL_UNVERIFIED: "errors.ssoEmailUnverified",
  SSO_ACCOUNT_ELSEWHERE: "errors.ssoAccountElsewhere",
  SSO_PROVIDER_DISABLED: "errors.ssoProviderDisabled",
  ACCOUNT_DISABLED: "errors.accountDisabled",
  SSO_HANDOFF_INVALID: "errors.ssoFailed",
  CUSTOMER_DISABLED: "errors.customerDisabled",
  CUSTOMER_NOT_FOUND: "errors.notFound",
  EMAIL_ALREADY_USED: "errors.emailUsed",
  EVENT_NOT_FOUND: "errors.eventNotFound",
  FILE_NOT_FOUND: "errors.notFound",
  FORBIDDEN: "errors.forbidden",
  FRAME_HEADER: "errors.generic",
  FRAME_TOO_LARGE: "errors.generic",
  HELPDESK_NOT_AGENT: "errors.helpdeskNotAgent",
  HELPDESK_TICKET_CLOSED: "errors.helpdeskTicketClosed",
  HELPDESK_TICKET_NOT_FOUND: "errors.helpdeskTicketNotFound",
  HELPDESK_TOO_MANY_OPEN: "errors.helpdeskTooManyOpen",
  INTERNAL_ERROR: "errors.generic",
  INTERNAL_NAME_TAKEN: "errors.nameTaken",
  INVALID_FILE: "errors.fileInvalid",
  JWT_EXPIRED: "errors.sessionExpired",
  LOCATION_NOT_FOUND: "errors.notFound",
  MAIL_FAILED: "errors.mailFailed",
  MEDIA_EXPIRED: "errors.mediaExpired",
  MENU_ITEM_NOT_FOUND: "errors.notFound",
  MESSAGE_NOT_FOUND: "errors.messageNotFound",
  METHOD_NOT_ALLOWED: "errors.generic",
  MISSING_PARAMETER: "errors.invalidInput",
  NOT_AUTHENTICATED: "errors.signInRequired",
  NOT_A_MEMBER: "errors.notAMember",
  NOT_FOUND: "errors.notFound",
  NOT_WHITELISTED: "errors.notAdmitted",
  OPCODE_NOT_ACCEPTED: "errors.generic",
  PAYLOAD_TOO_LARGE: "errors.generic",
  PERSON_NOT_FOUND: "errors.personNotFound",
  POLL_BALLOT_LOCKED: "errors.pollLocked",
  POLL_CHOICE_INVALID: "errors.pollChoice",
  POLL_INCOMPLETE: "errors.pollIncomplete",
  POLL_NOT_FOUND: "errors.pollNotFound",
  POLL_NOT_OPEN: "errors.pollNotOpen",
  POLL_OPTION_UNKNOWN: "errors.pollOptionUnknown",
  POLL_OTHER_NOT_ALLOWED: "errors.pollOtherNotAllowed",
  PREPUBLISH_FAILED: "errors.prepublishFailed",
  QNA_CLOSED: "errors.qnaClosed",
  QUESTION_NOT_FOUND: "errors.questionNotFound",
  RANGE_NOT_SATISFIABLE: "errors.generic",
  RATE_LIMITED: "errors.throttled",
  REACTIONS_OFF: "errors.reactionsOff",
  RECORDING_NOT_FOUND: "errors.notFound",
  RELATION_NOT_FOUND: "errors.notFound",
  ROUTE_NOT_FOUND: "errors.generic",
  SERVER_BUSY: "errors.serverBusy",
  STORAGE_FAILED: "errors.uploadFailed",
  TEXT_EMPTY: "errors.textEmpty",
  TEXT_TOO_LONG: "errors.textTooLong",
  THEME_NOT_FOUND: "errors.notFound",
  TOKEN_INVALID: "errors.signInRequired",
  TOKEN_REVOKED: "errors.signInRequired",
  TOO_MANY_MEMBERS: "errors.tooManyMembers",
  TOO_MANY_MUTES: "errors.tooManyMutes",
  TREASURE_HUNT_CLOSED: "errors.huntClosed",
  TREASURE_HUNT_FULL: "errors.huntFull",
  TREASURE_ITEM_ALREADY_FOUND: "errors.huntItemAlreadyFound",
  TREASURE_ITEM_NOT_FOUND: "errors.huntItemNotFound",
  UNKNOWN_OPCODE: "errors.generic",
  UNSUPPORTED_MEDIA_TYPE: "errors.fileType",
  UPSTREAM_FAILED: "errors.serviceUnavailable",
  VALIDATION_ERROR: "errors.invalidInput",
  VALUE_NOT_FOUND: "errors.notFound",
  VFILE_NOT_FOUND: "errors.notFound",
  VIDEO_NOT_FOUND: "errors.notFound",
  VTABLE_NOT_FOUND: "errors.notFound",
  WALLOFFAME_INVALID_STATE: "errors.wallInvalidState",
  WALLOFFAME_PROJECT_NOT_FOUND: "errors.wallProjectNotFound",
  WALLOFFAME_TOO_MANY_PICTURES: "errors.wallTooManyPictures",
  WALLOFFAME_TOO_MANY_PROJECTS: "errors.wallTooManyProjects",
  ZOOM_FAILED: "errors.serviceUnavailable",
  ZOOM_NOT_CONFIGURED: "errors.serviceUnavailable",
};

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(CODE_MESSAGES, code);
}

/** The message for an error code from the server; a code this build does not know is generic. */
export function codeMessageKey(code: string): ErrorMessageKey {
  return isErrorCode(code) ? CODE_MESSAGES[code] : "errors.generic";
}

/** An answer without a known code (no envelope, a proxy's page, a newer server) by its status. */
function statusMessageKey(status: number): ErrorMessageKey {
  if (status === 429) return "errors.throttled";
  if (status === 422) return "errors.invalidInput";
  return "errors.generic";
}

/** Maps any failure of a call to the translation key of the message a person should read. */
export function errorMessageKey(error: unknown): ErrorMessageKey {
  if (error instanceof NetworkError) return "errors.network";
  if (error instanceof ApiError) return isErrorCode(error.code) ? CODE_MESSAGES[error.code] : statusMessageKey(error.status);
  return "errors.generic";
}
