import { describe, expect, it } from "vitest";
import type { ChatMessage, ChatroomModel, SendError } from "@/lib/realtime";
import * as reduce from "./reducers";
import { nextReaction } from "./reactions";
import { addRooms, type ChatState, initialChatState, mergeHistory, updateRoom, withMessages } from "./state";
import type { LocalMessage } from "./types";
import { BOB, EVENT, id, ME, message } from "./testing";

const BROADCAST: ChatroomModel = { ID: id(0xf0), EventID: EVENT, Title: "", InternalName: "broadcast", IsPrivate: false };
const DIRECT: ChatroomModel = { ID: id(0xf1), EventID: EVENT, Title: "", InternalName: `direct:${ME}:${BOB}`, IsPrivate: true };

const msg = (n: number, sender = BOB, room = BROADCAST.ID, extra: Partial<ChatMessage> = {}): ChatMessage =>
  message(n, sender, room, extra);

const pending = (tmpID: string, extra: Partial<LocalMessage> = {}): LocalMessage => ({ ...msg(0, ME), ID: "", TmpID: tmpID, pending: true, ...extra });

/** Me in the broadcast room (messages 1–3) and a direct room with Bob (message 10). */
function base(): ChatState {
  let state = addRooms({ ...initialChatState, eventID: EVENT, me: ME }, [
    { room: BROADCAST, members: [] },
    { room: DIRECT, type: "direct", members: [ME, BOB] },
  ]);
  state = updateRoom(state, BROADCAST.ID, (e) => withMessages(e, [msg(1), msg(2, ME), msg(3)]));
  return updateRoom(state, DIRECT.ID, (e) => withMessages(e, [msg(10, BOB, DIRECT.ID)]));
}

const messagesOf = (state: ChatState, roomID: string) => state.rooms[roomID]?.messages ?? [];
const sendError = (code: string, data: SendError["Error"]["Data"]): SendError => ({ Error: { Code: code, Message: "", Data: data } });

describe("SEND_NOTIFY", () => {
  it("adds a message from someone else, announces it and asks for a desktop notification in the broadcast room", () => {
    const { state, effects } = reduce.onSendNotify(base(), msg(4));
    expect(messagesOf(state, BROADCAST.ID).map((m) => m.ID)).toEqual([id(1), id(2), id(3), id(4)]);
    expect(state.rooms[BROADCAST.ID]?.lastID).toBe(id(4));
    expect(state.lastIncoming).toEqual({ roomID: BROADCAST.ID, messageID: id(4) });
    expect(effects).toEqual([{ kind: "names", personIDs: [BOB] }, { kind: "desktopNotify", message: msg(4) }]);
  });

  it("does not notify for direct rooms, for one's own messages or for a copy already shown", () => {
    expect(reduce.onSendNotify(base(), msg(11, BOB, DIRECT.ID)).effects).toEqual([{ kind: "names", personIDs: [BOB] }]);
    const own = reduce.onSendNotify(base(), msg(4, ME));
    expect(own.state.lastIncoming).toBeNull();
    expect(own.effects.some((e) => e.kind === "desktopNotify")).toBe(false);
    expect(reduce.onSendNotify(base(), msg(3)).state.lastIncoming).toBeNull();
  });

  it("confirms the pending message that carries the same TmpID", () => {
    const state = updateRoom(base(), BROADCAST.ID, (e) => ({ messages: [...e.messages, pending("t-1")] }));
    const next = reduce.onSendNotify(state, msg(4, ME, BROADCAST.ID, { TmpID: "t-1" })).state;
    expect(messagesOf(next, BROADCAST.ID).filter((m) => m.TmpID === "t-1")).toEqual([msg(4, ME, BROADCAST.ID, { TmpID: "t-1" })]);
  });

  it("asks to fetch a room it does not know and changes nothing else", () => {
    const state = base();
    const outcome = reduce.onSendNotify(state, msg(4, BOB, id(0xf9)));
    expect(outcome).toEqual({ state, effects: [{ kind: "fetchRoom", roomID: id(0xf9) }] });
  });
});

describe("EDIT_NOTIFY and DELETE_NOTIFY", () => {
  it("replaces a known message and ignores an edit of one not loaded", () => {
    const edited = reduce.onEditNotify(base(), msg(3, BOB, BROADCAST.ID, { Text: "edited" })).state;
    expect(messagesOf(edited, BROADCAST.ID).at(-1)?.Text).toBe("edited");
    const unknown = reduce.onEditNotify(base(), msg(99)).state;
    expect(messagesOf(unknown, BROADCAST.ID).map((m) => m.ID)).toEqual([id(1), id(2), id(3)]);
  });

  it("removes a deleted message and moves the pointers", () => {
    const notice = (n: number) => ({ ID: id(n), DeleterID: BOB, ReceiverIDs: [], ChatroomID: BROADCAST.ID });
    const withoutLast = reduce.onDeleteNotify(base(), notice(3)).state;
    expect(withoutLast.rooms[BROADCAST.ID]).toMatchObject({ firstID: id(1), lastID: id(2) });
    expect(reduce.onDeleteNotify(withoutLast, notice(1)).state.rooms[BROADCAST.ID]).toMatchObject({ firstID: id(2), lastID: id(2) });
  });
});

describe("READ_NOTIFY", () => {
  const info = (person: string, last: string) => ({
    ID: id(0x201),
    EventID: EVENT,
    Created: null,
    Updated: null,
    PersonID: person,
    ChatroomID: DIRECT.ID,
    LastReadChatMessageID: last,
  });

  it("moves the person's own mark forward only", () => {
    const read = reduce.onReadNotify(base(), info(ME, id(10))).state;
    expect(read.rooms[DIRECT.ID]?.lastReadID).toBe(id(10));
    expect(reduce.onReadNotify(read, info(ME, id(5))).state.rooms[DIRECT.ID]?.lastReadID).toBe(id(10));
  });

  it("records another reader for the receipts", () => {
    const read = reduce.onReadNotify(base(), info(BOB, id(10))).state;
    expect(read.rooms[DIRECT.ID]?.readers).toEqual({ [BOB]: id(10) });
    expect(read.rooms[DIRECT.ID]?.lastReadID).toBeNull();
  });
});

describe("CREATE_NOTIFY", () => {
  const CAROL = "6650a1b2c3d4e5f6000000c3";
  const model: ChatroomModel = { ID: id(0xf2), EventID: EVENT, Title: "", InternalName: `direct:${ME}:${CAROL}`, IsPrivate: true };

  it("adds and loads a new direct room; the inviter's pending request selects it and asks for the panel", () => {
    const state = { ...base(), pendingDirect: { tmpID: "t-9", inviteeID: CAROL } };
    const { state: next, effects } = reduce.onCreateNotify(state, { TmpID: "t-9", InviterID: ME, InviteeID: CAROL, ChatroomModel: model });
    expect(next.rooms[model.ID]).toMatchObject({ kind: "direct", members: [ME, CAROL], loaded: false });
    expect(next.order).toEqual([BROADCAST.ID, DIRECT.ID, model.ID]);
    expect(next).toMatchObject({ pendingDirect: null, selectedID: model.ID });
    expect(effects).toEqual([{ kind: "loadRoom", roomID: model.ID }, { kind: "names", personIDs: [ME, CAROL] }, { kind: "showPanel" }]);
  });

  it("adds a group someone else created without selecting it, and does not reload a known room", () => {
    const group = { ...model, InternalName: "group:x", IsPrivate: false, Title: "Speakers" };
    const { state, effects } = reduce.onCreateNotify(base(), { TmpID: "other", InviterID: BOB, InviteeID: null, ChatroomModel: group });
    expect(state.rooms[group.ID]).toMatchObject({ kind: "group", members: [] });
    expect(state.selectedID).toBeNull();
    expect(effects).toEqual([{ kind: "loadRoom", roomID: group.ID }]);
    expect(reduce.onCreateNotify(state, { TmpID: "again", InviterID: BOB, InviteeID: null, ChatroomModel: group }).effects).toEqual([]);
  });

  it("takes a new group's members and type from the frame's room model", () => {
    const group = { ...model, InternalName: "group:y", IsPrivate: false, Title: "Crew", Type: "group" as const, AttendeeIDs: [BOB, ME] };
    const { state, effects } = reduce.onCreateNotify(base(), { TmpID: "other", InviterID: BOB, InviteeID: null, ChatroomModel: group });
    expect(state.rooms[group.ID]).toMatchObject({ kind: "group", members: [BOB, ME] });
    expect(effects).toContainEqual({ kind: "loadRoom", roomID: group.ID });
  });
});

describe("error frames", () => {
  const withPending = (extra: Partial<LocalMessage> = {}) =>
    updateRoom(base(), BROADCAST.ID, (e) => ({ messages: [...e.messages, pending("t-1", extra)] }));

  it("marks a refused send as failed with its code", () => {
    const { state, effects } = reduce.onSendError(withPending(), sendError("TEXT_TOO_LONG", { TmpID: "t-1", MaxLength: 4000 }));
    expect(messagesOf(state, BROADCAST.ID).at(-1)).toMatchObject({ TmpID: "t-1", failed: "TEXT_TOO_LONG" });
    expect(state.error).toBeNull();
    expect(effects).toEqual([]);
  });

  it("marks a send refused for a chat ban as failed and says so out loud", () => {
    const { state, effects } = reduce.onSendError(withPending(), sendError("CHAT_BANNED", { TmpID: "t-1" }));
    expect(messagesOf(state, BROADCAST.ID).at(-1)).toMatchObject({ TmpID: "t-1", failed: "CHAT_BANNED" });
    expect(state.error).toBe("CHAT_BANNED");
    expect(effects).toEqual([]);
  });

  it("decides a resend for SERVER_BUSY, waiting the server's hint times the attempt", () => {
    const first = reduce.onSendError(withPending(), sendError("SERVER_BUSY", { TmpID: "t-1", RetryAfterMs: 1500 }));
    expect(messagesOf(first.state, BROADCAST.ID).at(-1)).toMatchObject({ busyRetries: 1 });
    expect(messagesOf(first.state, BROADCAST.ID).at(-1)?.failed).toBeUndefined();
    expect(first.effects).toEqual([{ kind: "resend", roomID: BROADCAST.ID, tmpID: "t-1", afterMs: 1500 }]);
    const third = reduce.onSendError(withPending({ busyRetries: 2 }), sendError("SERVER_BUSY", { TmpID: "t-1" }));
    expect(third.effects).toEqual([{ kind: "resend", roomID: BROADCAST.ID, tmpID: "t-1", afterMs: reduce.BUSY_DEFAULT_WAIT_MS * 3 }]);
  });

  it("gives up after BUSY_RETRIES resends and shows the send as failed", () => {
    const { state, effects } = reduce.onSendError(withPending({ busyRetries: reduce.BUSY_RETRIES }), sendError("SERVER_BUSY", { TmpID: "t-1" }));
    expect(messagesOf(state, BROADCAST.ID).at(-1)?.failed).toBe("SERVER_BUSY");
    expect(effects).toEqual([]);
  });

  it("shows a send error it cannot attach to a message, and edit and delete errors", () => {
    expect(reduce.onSendError(base(), sendError("NOT_A_MEMBER", { ChatroomID: DIRECT.ID })).state.error).toBe("NOT_A_MEMBER");
    expect(reduce.onEditOrDeleteError(base(), { Error: { Code: "FORBIDDEN", Message: "", Data: { ID: id(3) } } }).state.error).toBe("FORBIDDEN");
  });

  it("gives up the pending direct chat its CREATE_ERROR names", () => {
    const state = { ...base(), pendingDirect: { tmpID: "t-9", inviteeID: BOB } };
    const other = reduce.onCreateError(state, { Error: { Code: "PERSON_NOT_FOUND", Message: "", Data: { TmpID: "t-8" } } }).state;
    expect(other).toMatchObject({ pendingDirect: { tmpID: "t-9" }, error: "PERSON_NOT_FOUND" });
    const mine = reduce.onCreateError(state, { Error: { Code: "CANNOT_INVITE_SELF", Message: "", Data: { TmpID: "t-9" } } }).state;
    expect(mine).toMatchObject({ pendingDirect: null, error: "CANNOT_INVITE_SELF" });
  });

  it("shows an ERROR only when it refuses a read receipt", () => {
    const state = base();
    expect(reduce.onErrorFrame(state, { Error: { Code: "BAD_CHECKSUM", Message: "", Data: {} } }).state).toBe(state);
    expect(reduce.onErrorFrame(state, { Error: { Code: "RATE_LIMITED", Message: "", Data: { Opcode: 6 } } }).state.error).toBeNull();
    expect(reduce.onErrorFrame(state, { Error: { Code: "NOT_A_MEMBER", Message: "", Data: { Opcode: 15 } } }).state.error).toBe("NOT_A_MEMBER");
  });
});

describe("CREATE_NOTIFY of a known room (an invitation into a group)", () => {
  const group: ChatroomModel = { ID: id(0xf3), EventID: EVENT, Title: "Crew", InternalName: "group:z", IsPrivate: false, Type: "group", AttendeeIDs: [ME, BOB] };
  const CAROL = "6650a1b2c3d4e5f6000000c3";

  it("updates the room's members and title instead of ignoring it, keeping its messages", () => {
    let state = addRooms(base(), [{ room: group, type: "group", members: [ME, BOB] }]);
    state = updateRoom(state, group.ID, (e) => ({ ...withMessages(e, [msg(20, BOB, group.ID)]), loaded: true }));
    const invited = { ...group, Title: "Crew 2", AttendeeIDs: [ME, BOB, CAROL] };
    const { state: next, effects } = reduce.onCreateNotify(state, { TmpID: "", InviterID: BOB, InviteeID: null, ChatroomModel: invited });
    expect(next.rooms[group.ID]).toMatchObject({ members: [ME, BOB, CAROL], loaded: true, room: { Title: "Crew 2" } });
    expect(messagesOf(next, group.ID).map((m) => m.ID)).toEqual([id(20)]);
    expect(effects).toEqual([{ kind: "names", personIDs: [ME, BOB, CAROL] }]);
  });

  it("keeps the known members when the frame names none", () => {
    const state = addRooms(base(), [{ room: group, type: "group", members: [ME, BOB] }]);
    const bare: ChatroomModel = { ID: group.ID, EventID: EVENT, Title: "Crew", InternalName: "group:z", IsPrivate: false };
    const next = reduce.onCreateNotify(state, { TmpID: "", InviterID: BOB, InviteeID: null, ChatroomModel: bare }).state;
    expect(next.rooms[group.ID]?.members).toEqual([ME, BOB]);
  });

  it("selects a group the person asked for and shows it in the Chats view; its CREATE_ERROR gives it up", () => {
    const asked = { ...base(), pendingGroup: { tmpID: "g-1" }, view: "newGroup" as const };
    const { state, effects } = reduce.onCreateNotify(asked, { TmpID: "g-1", InviterID: ME, InviteeID: null, ChatroomModel: group });
    expect(state).toMatchObject({ pendingGroup: null, selectedID: group.ID, view: "chats" });
    expect(effects).toContainEqual({ kind: "showPanel" });
    const refused = reduce.onCreateError(asked, { Error: { Code: "CHAT_PERSON_BLOCKED", Message: "", Data: { TmpID: "g-1" } } }).state;
    expect(refused).toMatchObject({ pendingGroup: null, error: "CHAT_PERSON_BLOCKED", view: "newGroup" });
  });
});

describe("mutes", () => {
  const mute = (person: string, blocked = false) => ({ PersonID: person, Blocked: blocked, CreatedAt: "2026-05-09T12:00:00Z" });
  const withLoaded = () => {
    let state = base();
    for (const roomID of [BROADCAST.ID, DIRECT.ID]) state = updateRoom(state, roomID, () => ({ loaded: true }));
    return updateRoom(state, BROADCAST.ID, (e) => ({ messages: [...e.messages, pending("t-1")] }));
  };

  it("hide a muted person's loaded messages the moment the list names them, in every room", () => {
    const { state, effects } = reduce.onMutesNotify(withLoaded(), { EventID: EVENT, Mutes: [mute(BOB)] });
    expect(messagesOf(state, BROADCAST.ID).map((m) => m.ID || m.TmpID)).toEqual([id(2), "t-1"]);
    expect(messagesOf(state, DIRECT.ID)).toEqual([]);
    expect(state.rooms[BROADCAST.ID]).toMatchObject({ firstID: id(2), lastID: id(2) });
    expect(state.mutes[BOB]).toEqual(mute(BOB));
    expect(effects).toEqual([]);
  });

  it("drop a muted person's message that crossed the mute, and read history again after an unmute", () => {
    const muted = reduce.onMutesNotify(withLoaded(), { EventID: EVENT, Mutes: [mute(BOB, true)] }).state;
    expect(reduce.onSendNotify(muted, msg(4))).toEqual({ state: muted, effects: [] });
    const { state, effects } = reduce.onMutesNotify(muted, { EventID: EVENT, Mutes: [] });
    expect(state.mutes).toEqual({});
    expect(effects).toEqual([
      { kind: "loadRoom", roomID: BROADCAST.ID },
      { kind: "loadRoom", roomID: DIRECT.ID },
    ]);
  });

  it("ignore another event's list and never hide one's own messages", () => {
    const state = withLoaded();
    expect(reduce.onMutesNotify(state, { EventID: id(0x999), Mutes: [mute(BOB)] }).state).toBe(state);
    const own = reduce.onMutesNotify(state, { EventID: EVENT, Mutes: [mute(ME)] }).state;
    expect(own.mutes).toEqual({});
    expect(messagesOf(own, BROADCAST.ID)).toHaveLength(4);
  });
});

describe("the person's own reactions from REST history", () => {
  it("are kept per message; an absent MyReaction (an older server) leaves what is known, null clears it", () => {
    let state = mergeHistory(base(), BROADCAST.ID, [{ ...msg(1), MyReaction: "Like" }, { ...msg(3), MyReaction: "Dislike" }]);
    expect(state.rooms[BROADCAST.ID]?.myReactions).toEqual({ [id(1)]: "Like", [id(3)]: "Dislike" });
    state = mergeHistory(state, BROADCAST.ID, [msg(1), { ...msg(3), MyReaction: null, DislikeCount: 0 }]);
    expect(state.rooms[BROADCAST.ID]?.myReactions).toEqual({ [id(1)]: "Like" });
    // An EDIT_NOTIFY brings everyone's counts and leaves the person's own reaction alone.
    const edited = reduce.onEditNotify(state, msg(1, BOB, BROADCAST.ID, { LikeCount: 7 })).state;
    expect(messagesOf(edited, BROADCAST.ID)[0]?.LikeCount).toBe(7);
    expect(edited.rooms[BROADCAST.ID]?.myReactions[id(1)]).toBe("Like");
  });

  it("leave out a muted person's messages from a history page", () => {
    const muted = { ...base(), mutes: { [BOB]: { PersonID: BOB, Blocked: false, CreatedAt: "" } } };
    const next = mergeHistory(muted, DIRECT.ID, [msg(11, BOB, DIRECT.ID), msg(12, ME, DIRECT.ID)]);
    expect(messagesOf(next, DIRECT.ID).map((m) => m.ID)).toEqual([id(10), id(12)]);
  });

  it("pressing the reaction one gave takes it back; the other one switches", () => {
    expect(nextReaction(undefined, "Like")).toBe("Like");
    expect(nextReaction("Like", "Like")).toBe("None");
    expect(nextReaction("Like", "Dislike")).toBe("Dislike");
  });
});
