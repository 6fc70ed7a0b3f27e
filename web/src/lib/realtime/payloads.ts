/**
 * Payload shapes of protocol/README.md §4, one checker per shape; each type is derived from its
 * checker (`Infer`), so what the app is typed against is exactly what a frame is checked for.
 * `payloads.test.ts` parses every JSON example of §4 with these checkers.
 *
 * These are wire shapes only. Features build their richer client types on them (chat's
 * `LocalMessage` adds pending/failed state to `ChatMessage`).
 */
import {
  array,
  boolean,
  type Checker,
  type Infer,
  integer,
  literal,
  nullable,
  object,
  oneOf,
  openObject,
  optional,
  PayloadError,
  isRecord,
  string,
} from "./check";

// -- common models ------------------------------------------------------------------------------

/**
 * A chat message (SEND_NOTIFY, EDIT_NOTIFY; the REST history returns the same shape).
 *
 * @example
 * {"ID": "6650a1b2c3d4e5f600000101", "EventID": "6650a1b2c3d4e5f601234567", "TmpID": "c0ffee00-…",
 *  "SenderID": "6650a1b2c3d4e5f6000000a1", "ReceiverIDs": ["6650a1b2c3d4e5f6000000b2"],
 *  "ChatroomID": "6650a1b2c3d4e5f6000000f1", "CreatedAt": "2026-05-09T12:00:00.123000Z",
 *  "LikeCount": 0, "DislikeCount": 0, "ReadBy": [], "Text": "Hello Bob",
 *  "IsDeletedByAuthor": false, "IsBanned": false, "RepliedToMessageID": null}
 */
export const chatMessage = object({
  ID: string,
  EventID: string,
  TmpID: string,
  /** Null once the sender's account is erased: the text stays, shown as from a deleted user
   * (docs/subsystems/personal-data.md). */
  SenderID: nullable(string),
  /** Members other than the sender; `[]` in the broadcast room (everybody). */
  ReceiverIDs: array(string),
  ChatroomID: string,
  CreatedAt: string,
  LikeCount: integer,
  DislikeCount: integer,
  /** Always `[]` in the broadcast room. */
  ReadBy: array(string),
  Text: string,
  IsDeletedByAuthor: boolean,
  /** Hidden by a moderator. */
  IsBanned: boolean,
  RepliedToMessageID: nullable(string),
});
export type ChatMessage = Infer<typeof chatMessage>;

/**
 * The chat room model of a CHATROOM_CREATE_NOTIFY: the fields §4 guarantees. The REST room
 * carries more (the chat feature's api types say what).
 *
 * @example {"ID": "6650a1b2c3d4e5f6000000f1", "EventID": "6650a1b2c3d4e5f601234567", "Title": "",
 *  "InternalName": "direct:6650a1b2c3d4e5f6000000a1:6650a1b2c3d4e5f6000000b2", "IsPrivate": true}
 */
export const chatroomModel = object({
  ID: string,
  EventID: string,
  Title: string,
  InternalName: string,
  /** True for direct chats. */
  IsPrivate: boolean,
  // The rest of the REST room (protocol §4 "Chat room model"); optional here so a frame from a
  // server that sends only the five fields above still parses.
  Type: optional(literal("broadcast", "direct", "group", "support")),
  CreatedAt: optional(string),
  LastMessageID: optional(string),
  /** Direct and group rooms: their members; the broadcast room: `[]` (everybody). */
  AttendeeIDs: optional(array(string)),
});
export type ChatroomModel = Infer<typeof chatroomModel>;

/**
 * The error envelope of ERROR and every `*_ERROR` opcode, with the `Data` fields that opcode
 * echoes. `Code` stays a string: a newer server may send a code this app does not know yet
 * (`errorMessageKey` in lib/errors.ts falls back to a generic message).
 *
 * @example {"Error": {"Code": "NOT_A_MEMBER", "Message": "You are not a member of this chat room",
 *  "Data": {"Opcode": 15, "ChatroomID": "6650a1b2c3d4e5f6000000f2"}}}
 */
function errorEnvelope<S extends Record<string, Checker<unknown>>>(data: S) {
  return object({ Error: object({ Code: string, Message: string, Data: object(data) }) });
}

const retryAfter = { RetryAfterMs: optional(integer) };

// -- server → client ----------------------------------------------------------------------------

/** 2 ERROR: anything without its own `*_ERROR` opcode; `Data` names the request's opcode. */
export const errorFrame = errorEnvelope({
  Opcode: optional(integer),
  TmpID: optional(string),
  ID: optional(string),
  ChatroomID: optional(string),
  Operation: optional(string),
  ...retryAfter,
});
export type ErrorFrame = Infer<typeof errorFrame>;

/** 3 MAX_ALLOWED_CONNS_REACHED. @example {"Limit": 5, "Scope": "PERSON"} */
export const maxConnsReached = object({ Limit: integer, Scope: literal("PERSON", "SERVER") });
export type MaxConnsReached = Infer<typeof maxConnsReached>;

/** 5 CHATROOM_CREATE_NOTIFY: `InviteeID` is null for a group. */
export const roomCreated = object({
  TmpID: string,
  InviterID: string,
  InviteeID: nullable(string),
  ChatroomModel: chatroomModel,
});
export type RoomCreated = Infer<typeof roomCreated>;

/** 8 CHAT_MESSAGE_SEND_ERROR. */
export const sendError = errorEnvelope({
  TmpID: optional(string),
  ChatroomID: optional(string),
  MaxLength: optional(integer),
  ...retryAfter,
});
export type SendError = Infer<typeof sendError>;

/** 11 CHAT_MESSAGE_EDIT_ERROR. */
export const editError = errorEnvelope({
  ID: optional(string),
  ChatroomID: optional(string),
  MaxLength: optional(integer),
  ...retryAfter,
});
export type EditError = Infer<typeof editError>;

/** 13 CHAT_MESSAGE_DELETE_NOTIFY. @example {"ID": "…0101", "DeleterID": "…00a1", "ReceiverIDs": ["…00b2"], "ChatroomID": "…00f1"} */
export const deleteNotice = object({
  ID: string,
  DeleterID: string,
  ReceiverIDs: array(string),
  ChatroomID: string,
});
export type DeleteNotice = Infer<typeof deleteNotice>;

/** 14 CHAT_MESSAGE_DELETE_ERROR. */
export const deleteError = errorEnvelope({ ID: optional(string), ChatroomID: optional(string), ...retryAfter });
export type DeleteError = Infer<typeof deleteError>;

/**
 * 16 CHAT_MESSAGE_READ_NOTIFY: the read info of `PersonID` (the reader) in a room; GET
 * …/chatpersonstatus answers the same shape, with null times while nothing was read.
 */
export const readInfo = object({
  ID: string,
  EventID: string,
  Created: nullable(string),
  Updated: nullable(string),
  PersonID: string,
  ChatroomID: string,
  LastReadChatMessageID: string,
});
export type ReadInfo = Infer<typeof readInfo>;

/**
 * Pano variables: names to string values. The event's variables are an organizer's free document,
 * so a number or boolean is read as the text the tour would read, and other values are left out
 * (as the REST copy of the same variables is read), rather than losing the whole frame.
 */
const varMap: Checker<Record<string, string>> = (value, path) => {
  if (!isRecord(value)) throw new PayloadError(path, "an object");
  const vars: Record<string, string> = {};
  for (const [name, entry] of Object.entries(value)) {
    if (typeof entry === "string") vars[name] = entry;
    else if (typeof entry === "number" || typeof entry === "boolean") vars[name] = String(entry);
  }
  return vars;
};

/** 17 PANO_EVENT_VAR_SYNC: the changed event variables. @example {"EventID": "…", "Vars": {"Var_EventDay": "2"}} */
export const eventVarSync = object({ EventID: string, Vars: varMap });
export type EventVarSync = Infer<typeof eventVarSync>;

/** 18 PANO_ATTENDEE_VAR_SYNC: one attendee's variables, for their other tabs. */
export const attendeeVarSync = object({ EventID: string, PersonID: string, Vars: varMap });
export type AttendeeVarSync = Infer<typeof attendeeVarSync>;

/** 19 PANO_UPLOADER_PROGRESS. @example {"PanoID": "…", "Version": 3, "Step": "images", "Done": 4, "Total": 9} */
export const uploaderProgress = object({
  PanoID: string,
  Version: integer,
  Step: literal("check", "images", "store"),
  Done: integer,
  Total: integer,
});
export type UploaderProgress = Infer<typeof uploaderProgress>;

/** 20 PANO_UPLOADER_SUCCESS. */
export const uploaderSuccess = object({ PanoID: string, Version: integer, PanoURL: string });
export type UploaderSuccess = Infer<typeof uploaderSuccess>;

/** 21 PANO_UPLOADER_ERROR: the refused upload's REST error; `Entry` names the zip entry at fault. */
export const uploaderError = errorEnvelope({ PanoID: optional(string), Version: optional(integer), Entry: optional(string) });
export type UploaderError = Infer<typeof uploaderError>;

/**
 * 22 ACTIVITY_SYNC_NOTIFY: one activity as an attendee reads it from the REST list when the frame is
 * made. Only these four fields are guaranteed (`InternalName` "DELETED" marks a removal); the rest
 * is the activity's own document, kept for the feature that reads it (sessions' `toSession`). A
 * session's stream fields (`StreamID`, `ConferenceJoinURL`, `ConferenceID`) are there only while it
 * plays, so the checker does not ask for them.
 */
export const activitySync = openObject({ ID: string, EventID: string, Type: string, InternalName: string });
export type ActivitySync = Infer<typeof activitySync>;

/** 23 CHATROOM_CREATE_ERROR: `InviteeID` when one person caused it. */
export const createError = errorEnvelope({
  TmpID: optional(string),
  InviteeID: optional(string),
  MaxMembers: optional(integer),
});
export type CreateError = Infer<typeof createError>;

// -- live interaction (24–33): polls, Q&A, reactions ---------------------------------------------

/** 25 POLL_VOTE_ERROR: a refused POLL_VOTE (POLL_NOT_OPEN, POLL_BALLOT_LOCKED, …). */
export const pollVoteError = errorEnvelope({
  PollID: optional(string),
  TmpID: optional(string),
  State: optional(string),
  OptionIDs: optional(array(string)),
  MaxLength: optional(integer),
  ...retryAfter,
});
export type PollVoteError = Infer<typeof pollVoteError>;

/**
 * 26 POLL_BALLOT_NOTIFY: the caller's own ballot as stored, to every connection of theirs. `TmpID`
 * is the POLL_VOTE's, or "" when the ballot came over REST.
 *
 * @example {"PollID": "6650a1b2c3d4e5f600000301", "EventID": "6650a1b2c3d4e5f601234567", "TmpID": "v-1",
 *  "OptionIDs": ["b"], "Other": null, "UpdatedAt": "2026-05-09T12:00:00.123000Z"}
 */
export const ballotNotice = object({
  PollID: string,
  EventID: string,
  TmpID: string,
  OptionIDs: array(string),
  Other: nullable(string),
  UpdatedAt: string,
});
export type BallotNotice = Infer<typeof ballotNotice>;

export const pollState = literal("draft", "open", "closed");
export type PollState = Infer<typeof pollState>;
export const resultsMode = literal("live", "closed", "hidden");
export type ResultsMode = Infer<typeof resultsMode>;

/**
 * 27 POLL_NOTIFY: a poll as attendees read it, when it opens, closes, changes or goes (`Deleted`).
 *
 * @example {"ID": "6650a1b2c3d4e5f600000301", "EventID": "6650a1b2c3d4e5f601234567",
 *  "Question": "Which topic first?", "Options": [{"ID": "a", "Text": "Hybrid stages"}, {"ID": "b", "Text": "Networking"}],
 *  "Multiple": false, "AllowOther": true, "AllowChange": true, "Results": "live", "State": "open",
 *  "OpensAt": null, "ClosesAt": "2026-05-09T13:00:00Z", "PanoNodeID": "node3", "SessionID": null, "Deleted": false}
 */
export const pollNotice = object({
  ID: string,
  EventID: string,
  Question: string,
  Options: array(object({ ID: string, Text: string })),
  Multiple: boolean,
  AllowOther: boolean,
  AllowChange: boolean,
  Results: resultsMode,
  State: pollState,
  OpensAt: nullable(string),
  ClosesAt: nullable(string),
  PanoNodeID: string,
  SessionID: nullable(string),
  Deleted: boolean,
});
export type PollNotice = Infer<typeof pollNotice>;

/**
 * 28 POLL_RESULTS_NOTIFY: the tally, recounted from the stored ballots a few times a second at
 * most. Keep the frame with the latest `AsOf`: frames from several server processes may cross.
 *
 * @example {"PollID": "6650a1b2c3d4e5f600000301", "EventID": "6650a1b2c3d4e5f601234567", "Ballots": 3,
 *  "Counts": [{"OptionID": "a", "Count": 1}, {"OptionID": "b", "Count": 2}], "Other": 0,
 *  "AsOf": "2026-05-09T12:00:00.123000Z"}
 */
export const pollResults = object({
  PollID: string,
  EventID: string,
  Ballots: integer,
  Counts: array(object({ OptionID: string, Count: integer })),
  Other: integer,
  AsOf: nullable(string),
});
export type PollResults = Infer<typeof pollResults>;

export const questionStatus = literal("pending", "visible", "hidden");
export type QuestionStatus = Infer<typeof questionStatus>;

/**
 * 29 QUESTION_NOTIFY: a question as attendees may read it. A hidden one arrives with an empty
 * `Text` (drop it); `AuthorName` is null for an anonymous question.
 *
 * @example {"ID": "6650a1b2c3d4e5f600000401", "EventID": "6650a1b2c3d4e5f601234567",
 *  "SessionID": "6650a1b2c3d4e5f600000201", "Text": "Will the slides be shared?", "AuthorName": "Ada Lovelace",
 *  "Anonymous": false, "Status": "visible", "Answered": false, "Pinned": false, "Votes": 4,
 *  "CreatedAt": "2026-05-09T12:00:00.123000Z", "Deleted": false}
 */
export const questionNotice = object({
  ID: string,
  EventID: string,
  SessionID: string,
  Text: string,
  AuthorName: nullable(string),
  Anonymous: boolean,
  Status: questionStatus,
  Answered: boolean,
  Pinned: boolean,
  Votes: integer,
  CreatedAt: string,
  Deleted: boolean,
});
export type QuestionNotice = Infer<typeof questionNotice>;

/**
 * 30 QUESTION_VOTES_NOTIFY: upvote counts of a session's questions that changed since the last tick.
 *
 * @example {"SessionID": "6650a1b2c3d4e5f600000201", "EventID": "6650a1b2c3d4e5f601234567",
 *  "Votes": [{"ID": "6650a1b2c3d4e5f600000401", "Votes": 5}]}
 */
export const questionVotes = object({
  SessionID: string,
  EventID: string,
  Votes: array(object({ ID: string, Votes: integer })),
});
export type QuestionVotes = Infer<typeof questionVotes>;

export const reactionName = literal("applause", "heart", "laugh", "celebrate", "thumbsup", "wow");
export type ReactionName = Infer<typeof reactionName>;

/** 32 REACTION_ERROR: REACTIONS_OFF, RATE_LIMITED (with `RetryAfterMs`), ACTIVITY_NOT_FOUND. */
export const reactionError = errorEnvelope({ SessionID: optional(string), ...retryAfter });
export type ReactionError = Infer<typeof reactionError>;

/**
 * 33 REACTION_BURST_NOTIFY: the taps of one session over the last tick on one server process.
 *
 * @example {"SessionID": "6650a1b2c3d4e5f600000201", "EventID": "6650a1b2c3d4e5f601234567",
 *  "Counts": [{"Reaction": "applause", "Count": 12}, {"Reaction": "heart", "Count": 3}]}
 */
export const reactionBurst = object({
  SessionID: string,
  EventID: string,
  // A string, not `reactionName`: a newer server may add a reaction; the app skips names it lacks.
  Counts: array(object({ Reaction: string, Count: integer })),
});
export type ReactionBurst = Infer<typeof reactionBurst>;

// -- breakout rooms (34–39) -----------------------------------------------------------------------

/** 35 BREAKOUT_JOIN_ERROR: a refused BREAKOUT_JOIN (BREAKOUT_ROOM_NOT_FOUND, BREAKOUT_ROOM_CLOSED
 * with `State`, BREAKOUT_ROOM_FULL with `Capacity`, …), echoing `RoomID` and `TmpID`. */
export const breakoutJoinError = errorEnvelope({
  RoomID: optional(string),
  TmpID: optional(string),
  State: optional(string),
  Capacity: optional(integer),
  ...retryAfter,
});
export type BreakoutJoinError = Infer<typeof breakoutJoinError>;

export const breakoutState = literal("scheduled", "open", "closed");
export type BreakoutState = Infer<typeof breakoutState>;

/**
 * Why a person's presence changed: their own join or leave, an organizer's move, the room closing
 * or being deleted, the joining socket closing, or its server process having stopped. A string
 * rather than a literal: a newer server may add a reason, and the app reads an unknown one by
 * `RoomID` alone (in a room or not) instead of losing the frame.
 */
export const breakoutReason = string;

/** The way into a room's call: `Type` None, Zoom, Jitsi, BigBlueButton or Iframe. */
export const breakoutCall = object({ Type: string, URL: string, MeetingID: string, Password: string });
export type BreakoutCall = Infer<typeof breakoutCall>;

/**
 * 37 BREAKOUT_PRESENCE_NOTIFY: where the person is now, to every connection of theirs. `RoomID`
 * null: in no room; `TmpID` "" when no command of this connection caused it; `ChatroomID` and
 * `Call` are the new room's (null outside one).
 *
 * @example {"EventID": "6650a1b2c3d4e5f601234567", "PersonID": "6650a1b2c3d4e5f6000000a1",
 *  "RoomID": null, "FromRoomID": "6650a1b2c3d4e5f600000701", "Reason": "closed", "TmpID": "",
 *  "ChatroomID": null, "Call": null}
 */
export const breakoutPresence = object({
  EventID: string,
  PersonID: string,
  RoomID: nullable(string),
  FromRoomID: nullable(string),
  Reason: breakoutReason,
  TmpID: string,
  ChatroomID: nullable(string),
  Call: nullable(breakoutCall),
});
export type BreakoutPresence = Infer<typeof breakoutPresence>;

/** Who is inside one room; keep, per room, the entry with the highest `Version`. */
export const breakoutOccupancy = object({
  RoomID: string,
  Version: integer,
  Capacity: integer,
  Occupancy: integer,
  SeatsLeft: integer,
  PersonIDs: array(string),
});
export type BreakoutOccupancy = Infer<typeof breakoutOccupancy>;

/**
 * 38 BREAKOUT_OCCUPANCY_NOTIFY: the rooms of an event whose presence changed, coalesced.
 *
 * @example {"EventID": "6650a1b2c3d4e5f601234567", "Rooms": [{"RoomID": "6650a1b2c3d4e5f600000701",
 *  "Version": 7, "Capacity": 4, "Occupancy": 2, "SeatsLeft": 2, "PersonIDs": ["…00a1", "…00b2"]}]}
 */
export const breakoutOccupancyNotice = object({ EventID: string, Rooms: array(breakoutOccupancy) });
export type BreakoutOccupancyNotice = Infer<typeof breakoutOccupancyNotice>;

/**
 * 39 BREAKOUT_ROOM_NOTIFY: a room as attendees read it when it is made, changed, opened, closed or
 * deleted (`Deleted`). Never the way into its call.
 *
 * @example {"ID": "6650a1b2c3d4e5f600000701", "EventID": "6650a1b2c3d4e5f601234567", "Title": "Speakers' corner",
 *  "Topic": "Questions for today's speakers", "Capacity": 4, "State": "open", "OpensAt": null,
 *  "ClosesAt": "2026-05-09T18:00:00Z", "ConferenceType": "Jitsi", "PanoNodeID": "", "Deleted": false}
 */
export const breakoutRoomNotice = object({
  ID: string,
  EventID: string,
  Title: string,
  Topic: string,
  Capacity: integer,
  State: breakoutState,
  OpensAt: nullable(string),
  ClosesAt: nullable(string),
  ConferenceType: string,
  PanoNodeID: string,
  Deleted: boolean,
});
export type BreakoutRoomNotice = Infer<typeof breakoutRoomNotice>;

// -- Q&A upvotes over the socket (40–42) -------------------------------------------------------

/**
 * 41 QUESTION_UPVOTE_ERROR: a refused QUESTION_UPVOTE (ACTIVITY_NOT_FOUND, QUESTION_NOT_FOUND,
 * QNA_CLOSED, ALREADY_UPVOTED), echoing `QuestionID` and `TmpID`.
 */
export const questionUpvoteError = errorEnvelope({
  QuestionID: optional(string),
  TmpID: optional(string),
  ...retryAfter,
});
export type QuestionUpvoteError = Infer<typeof questionUpvoteError>;

/**
 * 42 QUESTION_UPVOTE_NOTIFY: the caller's own upvote as stored, to every connection of theirs.
 * `TmpID` is the QUESTION_UPVOTE's, or "" when the upvote came over REST; `Votes` is the
 * question's count right after it (everybody's counts come with QUESTION_VOTES_NOTIFY).
 *
 * @example {"EventID": "6650a1b2c3d4e5f601234567", "SessionID": "6650a1b2c3d4e5f600000501",
 *  "QuestionID": "6650a1b2c3d4e5f600000601", "TmpID": "u-1", "Votes": 6}
 */
export const questionUpvoteNotice = object({
  EventID: string,
  SessionID: string,
  QuestionID: string,
  TmpID: string,
  Votes: integer,
});
export type QuestionUpvoteNotice = Infer<typeof questionUpvoteNotice>;

// -- the help desk (43) ------------------------------------------------------------------------

/** A person as a ticket names them: the display name chat shows and their picture ("" without one). */
export const helpdeskPerson = object({ ID: string, Name: string, Picture: nullable(string) });
export type HelpdeskPerson = Infer<typeof helpdeskPerson>;

/** `new` (nobody claimed) → `open` (an agent owes an answer) ↔ `waiting` (for the attendee) → `closed`. */
export const helpdeskState = literal("new", "open", "waiting", "closed");
export type HelpdeskState = Infer<typeof helpdeskState>;

/**
 * 43 HELPDESK_TICKET_NOTIFY: a support conversation's queue state after every change (created,
 * claimed, a message that moved its state or `LastMessageAt`, closed, reopened), to the requester
 * and to the event's agents. The same shape REST answers (`Ticket`); the messages themselves are
 * chat frames of the ticket's room.
 *
 * @example {"ID": "6650a1b2c3d4e5f600000901", "EventID": "6650a1b2c3d4e5f601234567",
 *  "ChatroomID": "6650a1b2c3d4e5f6000009f1", "Topic": "No sound in the keynote", "State": "waiting",
 *  "Requester": {"ID": "6650a1b2c3d4e5f6000000a1", "Name": "Ada Lovelace", "Picture": ""},
 *  "Assignee": {"ID": "6650a1b2c3d4e5f6000000b2", "Name": "Bob Builder", "Picture": ""},
 *  "CreatedAt": "2026-05-09T12:00:00Z", "UpdatedAt": "2026-05-09T12:04:00Z",
 *  "LastMessageAt": "2026-05-09T12:04:00Z", "LastMessageBy": "agent",
 *  "FirstResponseAt": "2026-05-09T12:04:00Z", "ClosedAt": null, "ReopenCount": 0, "MessageCount": 2}
 */
export const helpdeskTicket = object({
  ID: string,
  EventID: string,
  ChatroomID: string,
  Topic: string,
  State: helpdeskState,
  Requester: helpdeskPerson,
  Assignee: nullable(helpdeskPerson),
  CreatedAt: string,
  UpdatedAt: string,
  LastMessageAt: string,
  LastMessageBy: literal("requester", "agent"),
  FirstResponseAt: nullable(string),
  ClosedAt: nullable(string),
  ReopenCount: integer,
  MessageCount: integer,
});
export type HelpdeskTicket = Infer<typeof helpdeskTicket>;

// -- the treasure hunt (44) ---------------------------------------------------------------------

/**
 * A row of a hunt's board, as `GET …/treasure-hunts/{TreasureHuntID}/rankings` answers it. A
 * hidden row (`Hidden`) carries `FullName` and `PictureURL` as "" for everyone but the person
 * and the event's organizers; `PersonID` stays (it is the paging key).
 */
export const treasureRanking = object({
  Rank: integer,
  PersonID: string,
  FullName: string,
  PictureURL: string,
  Score: integer,
  UpdatedAt: string,
  Hidden: boolean,
});
export type TreasureRanking = Infer<typeof treasureRanking>;

/**
 * 44 TREASURE_HUNT_RANKING_NOTIFY: the top ten of one hunt's board, names of hidden rows already
 * blanked, to every connection of the event, at most twice a second per hunt. Keep the frame with
 * the highest `Version` (ms since the epoch when the server read the board); show `Top` as it is
 * and re-read your own standing (`…/me`) rather than the whole board.
 *
 * @example {"EventID": "6650a1b2c3d4e5f601234567", "HuntID": "6650a1b2c3d4e5f600000a01",
 *  "Top": [{"Rank": 1, "PersonID": "6650a1b2c3d4e5f6000000a1", "FullName": "Ada Lovelace",
 *  "PictureURL": "", "Score": 60, "UpdatedAt": "2026-05-09T12:04:00Z", "Hidden": false}],
 *  "Ranked": 1, "Version": 1778328240000}
 */
export const treasureRankingNotice = object({
  EventID: string,
  HuntID: string,
  Top: array(treasureRanking),
  Ranked: integer,
  Version: integer,
});
export type TreasureRankingNotice = Infer<typeof treasureRankingNotice>;

// -- the Wall of Fame (45) ----------------------------------------------------------------------

/** `pending` waits for the organizers, `approved` is in the gallery, `rejected` carries a reason. */
export const wallProjectState = literal("pending", "approved", "rejected");
export type WallProjectState = Infer<typeof wallProjectState>;

/**
 * 45 WALLOFFAME_PROJECT_NOTIFY: a Wall of Fame project changed (submitted, edited back into the
 * queue, approved, rejected, featured or not, removed), to the event's organizers and to its author,
 * never to the whole event. It only signals: no reason, no content — re-read the project or the list
 * over REST. `AuthorID` is "" for a project nobody authored; `Deleted` is true once it is gone (the
 * server always sends it; optional here so a notice built by hand may leave it out).
 *
 * @example {"EventID": "6650a1b2c3d4e5f601234567", "ProjectID": "6650a1b2c3d4e5f600000b01",
 *  "State": "approved", "Featured": true, "AuthorID": "6650a1b2c3d4e5f6000000a1", "Deleted": false}
 */
export const wallProjectNotice = object({
  EventID: string,
  ProjectID: string,
  State: wallProjectState,
  Featured: boolean,
  AuthorID: string,
  Deleted: optional(boolean),
});
export type WallProjectNotice = Infer<typeof wallProjectNotice>;

// -- chat mutes (46) ----------------------------------------------------------------------------

/**
 * A person the caller muted (`Blocked` false) or blocked (`Blocked` true), as
 * `GET /events/{EventID}/chat-mutes` answers each row.
 */
export const chatMute = object({ PersonID: string, Blocked: boolean, CreatedAt: string });
export type ChatMute = Infer<typeof chatMute>;

/**
 * 46 CHAT_MUTES_NOTIFY: the caller's whole mute list after each change, to every connection of
 * theirs (so all their tabs agree), oldest first. Messages of the persons in it no longer reach
 * them; a client hides what it already shows of them.
 *
 * @example {"EventID": "6650a1b2c3d4e5f601234567", "Mutes": [{"PersonID": "6650a1b2c3d4e5f6000000b2",
 *  "Blocked": false, "CreatedAt": "2026-05-09T12:00:00Z"}]}
 */
export const chatMutesNotice = object({ EventID: string, Mutes: array(chatMute) });
export type ChatMutesNotice = Infer<typeof chatMutesNotice>;

// -- client → server ----------------------------------------------------------------------------

const directCreate = object({ TmpID: string, EventID: string, InviteeID: string });
const groupCreate = object({ TmpID: string, EventID: string, Title: string, MemberIDs: array(string) });

/**
 * 4 CHATROOM_CREATE: a direct chat (`InviteeID`) or a group (`Title`, `MemberIDs`).
 *
 * @example {"TmpID": "c0ffee00-…", "EventID": "6650a1b2c3d4e5f601234567", "InviteeID": "6650a1b2c3d4e5f6000000b2"}
 */
export const roomCreate = oneOf(directCreate, groupCreate);
export type RoomCreate = Infer<typeof roomCreate>;

/** 6 CHAT_MESSAGE_SEND. @example {"TmpID": "c0ffee00-…", "ChatroomID": "…00f1", "Text": "Hello Bob"} */
export const messageSend = object({
  TmpID: string,
  ChatroomID: string,
  Text: string,
  RepliedToMessageID: optional(string),
});
export type MessageSend = Infer<typeof messageSend>;

/** 9 CHAT_MESSAGE_EDIT. */
export const messageEdit = object({ ID: string, ChatroomID: string, Text: string });
export type MessageEdit = Infer<typeof messageEdit>;

/** 12 CHAT_MESSAGE_DELETE. */
export const messageDelete = object({ ID: string, ChatroomID: string });
export type MessageDelete = Infer<typeof messageDelete>;

/** 15 CHAT_MESSAGE_READ: the room's newest read message; the server only moves it forward. */
export const messageRead = object({ ChatroomID: string, LastReadChatMessageID: string });
export type MessageRead = Infer<typeof messageRead>;

/** 0 PING and 1 PONG: a TEXT payload of at most 256 bytes. */
export const text: Checker<string> = string;


/**
 * 24 POLL_VOTE: a ballot over the socket (the same rules as `PUT …/polls/{PollID}/ballot`).
 *
 * @example {"PollID": "6650a1b2c3d4e5f600000301", "OptionIDs": ["b"], "Other": null, "TmpID": "v-1"}
 */
export const pollVote = object({ PollID: string, OptionIDs: array(string), Other: nullable(string), TmpID: string });
export type PollVote = Infer<typeof pollVote>;

/** 31 REACTION_SEND. @example {"SessionID": "6650a1b2c3d4e5f600000201", "Reaction": "applause"} */
export const reactionSend = object({ SessionID: string, Reaction: reactionName });
export type ReactionSend = Infer<typeof reactionSend>;

/** 34 BREAKOUT_JOIN: enter a room (leaving the one the person is in). @example {"RoomID": "…0701", "TmpID": "j-1"} */
export const breakoutJoin = object({ RoomID: string, TmpID: string });
export type BreakoutJoin = Infer<typeof breakoutJoin>;

/**
 * 36 BREAKOUT_LEAVE: leave `RoomID` only (so a late leave of one tab cannot end a presence taken
 * elsewhere since), or whichever room the person is in when absent. Refusals come as ERROR.
 *
 * @example {"TmpID": "l-1", "RoomID": "6650a1b2c3d4e5f600000701"}
 */
export const breakoutLeave = object({ TmpID: string, RoomID: optional(string) });
export type BreakoutLeave = Infer<typeof breakoutLeave>;

/**
 * 40 QUESTION_UPVOTE: an upvote over the socket (the same rules as `PUT …/questions/{QuestionID}/vote`;
 * taking it back stays REST).
 *
 * @example {"SessionID": "6650a1b2c3d4e5f600000501", "QuestionID": "6650a1b2c3d4e5f600000601", "TmpID": "u-1"}
 */
export const questionUpvote = object({ SessionID: string, QuestionID: string, TmpID: string });
export type QuestionUpvote = Infer<typeof questionUpvote>;

/**
 * One item of the usage statistics, exactly an item of `POST /events/{EventID}/analytics`: where
 * the attendee is (`Screen`, `Place`) and which session they watch (`ActivityID`).
 */
export const trackItem = object({
  Kind: literal("page_view", "usage", "ping"),
  Screen: string,
  ActivityID: nullable(string),
  Place: nullable(string),
});
export type TrackItem = Infer<typeof trackItem>;

/**
 * 47 ANALYTICS_TRACK: the tracker's items over the socket, 1 to 20 a frame (the HTTP route's limit;
 * more is refused with ERROR VALIDATION_ERROR). Not answered on success; items the server drops are
 * counted, not answered, as over HTTP.
 *
 * @example {"Events": [{"Kind": "page_view", "Screen": "room", "ActivityID": null, "Place": "lobby"},
 *  {"Kind": "ping", "Screen": "room", "ActivityID": null, "Place": "lobby"}]}
 */
export const analyticsTrack = object({ Events: array(trackItem) });
export type AnalyticsTrack = Infer<typeof analyticsTrack>;
