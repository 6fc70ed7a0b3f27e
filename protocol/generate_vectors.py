"""Generate protocol/vectors.json, the golden vectors of the Venuely realtime frame format.

Run with any Python >= 3.11:  python protocol/generate_vectors.py   (or --check to verify the
committed file is current). Deliberately standard library only and independent of the server
codec: the CRC is a bit-by-bit loop, JSON comes from the `json` module, so a bug in one codec
cannot hide behind the same bug in the vectors. The rules implemented here are those of
protocol/README.md; if the two disagree, the README wins and this script is the bug.
"""

from __future__ import annotations

import json
import sys
import zlib
from pathlib import Path
from typing import Any

OUT = Path(__file__).with_name("vectors.json")

MAGIC = 0xB
VERSION = 0
MAX_FRAME_BYTES = 64 * 1024
MAX_PAYLOAD_BYTES = 256 * 1024
TEXT, JSON = "TEXT", "JSON"

# (value, name, direction, payload type) in the order of architecture.md §4.
OPCODES: list[tuple[int, str, str, str]] = [
    (0, "PING", "both", TEXT),
    (1, "PONG", "both", TEXT),
    (2, "ERROR", "server_to_client", JSON),
    (3, "MAX_ALLOWED_CONNS_REACHED", "server_to_client", JSON),
    (4, "CHATROOM_CREATE", "client_to_server", JSON),
    (5, "CHATROOM_CREATE_NOTIFY", "server_to_client", JSON),
    (6, "CHAT_MESSAGE_SEND", "client_to_server", JSON),
    (7, "CHAT_MESSAGE_SEND_NOTIFY", "server_to_client", JSON),
    (8, "CHAT_MESSAGE_SEND_ERROR", "server_to_client", JSON),
    (9, "CHAT_MESSAGE_EDIT", "client_to_server", JSON),
    (10, "CHAT_MESSAGE_EDIT_NOTIFY", "server_to_client", JSON),
    (11, "CHAT_MESSAGE_EDIT_ERROR", "server_to_client", JSON),
    (12, "CHAT_MESSAGE_DELETE", "client_to_server", JSON),
    (13, "CHAT_MESSAGE_DELETE_NOTIFY", "server_to_client", JSON),
    (14, "CHAT_MESSAGE_DELETE_ERROR", "server_to_client", JSON),
    (15, "CHAT_MESSAGE_READ", "client_to_server", JSON),
    (16, "CHAT_MESSAGE_READ_NOTIFY", "server_to_client", JSON),
    (17, "PANO_EVENT_VAR_SYNC", "server_to_client", JSON),
    (18, "PANO_ATTENDEE_VAR_SYNC", "server_to_client", JSON),
    (19, "PANO_UPLOADER_PROGRESS", "server_to_client", JSON),
    (20, "PANO_UPLOADER_SUCCESS", "server_to_client", JSON),
    (21, "PANO_UPLOADER_ERROR", "server_to_client", JSON),
    (22, "ACTIVITY_SYNC_NOTIFY", "server_to_client", JSON),
    (23, "CHATROOM_CREATE_ERROR", "server_to_client", JSON),
    (24, "POLL_VOTE", "client_to_server", JSON),
    (25, "POLL_VOTE_ERROR", "server_to_client", JSON),
    (26, "POLL_BALLOT_NOTIFY", "server_to_client", JSON),
    (27, "POLL_NOTIFY", "server_to_client", JSON),
    (28, "POLL_RESULTS_NOTIFY", "server_to_client", JSON),
    (29, "QUESTION_NOTIFY", "server_to_client", JSON),
    (30, "QUESTION_VOTES_NOTIFY", "server_to_client", JSON),
    (31, "REACTION_SEND", "client_to_server", JSON),
    (32, "REACTION_ERROR", "server_to_client", JSON),
    (33, "REACTION_BURST_NOTIFY", "server_to_client", JSON),
    (34, "BREAKOUT_JOIN", "client_to_server", JSON),
    (35, "BREAKOUT_JOIN_ERROR", "server_to_client", JSON),
    (36, "BREAKOUT_LEAVE", "client_to_server", JSON),
    (37, "BREAKOUT_PRESENCE_NOTIFY", "server_to_client", JSON),
    (38, "BREAKOUT_OCCUPANCY_NOTIFY", "server_to_client", JSON),
    (39, "BREAKOUT_ROOM_NOTIFY", "server_to_client", JSON),
    (40, "QUESTION_UPVOTE", "client_to_server", JSON),
    (41, "QUESTION_UPVOTE_ERROR", "server_to_client", JSON),
    (42, "QUESTION_UPVOTE_NOTIFY", "server_to_client", JSON),
    (43, "HELPDESK_TICKET_NOTIFY", "server_to_client", JSON),
    (44, "TREASURE_HUNT_RANKING_NOTIFY", "server_to_client", JSON),
    (45, "WALLOFFAME_PROJECT_NOTIFY", "server_to_client", JSON),
    (46, "CHAT_MUTES_NOTIFY", "server_to_client", JSON),
    (47, "ANALYTICS_TRACK", "client_to_server", JSON),
]
OP = {name: value for value, name, _, _ in OPCODES}


def crc16_ccitt_false(data: bytes) -> int:
    """Bitwise on purpose: slow but obviously the textbook algorithm (poly 0x1021, init 0xFFFF)."""
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
            crc &= 0xFFFF
    return crc


assert crc16_ccitt_false(b"123456789") == 0x29B1, "CRC-16/CCITT-FALSE check value"


def raw_frame(
    opcode: int,
    wire_payload: bytes,
    *,
    ptype: str = TEXT,
    compressed: bool = False,
    magic: int = MAGIC,
    version: int = VERSION,
) -> bytes:
    """A frame with a correct checksum over whatever header bits it is given."""
    head = bytes(
        [
            (magic << 4) | version,
            (0x80 if compressed else 0) | (0x40 if ptype == JSON else 0) | opcode,
        ]
    )
    return head + crc16_ccitt_false(head + wire_payload).to_bytes(2, "big") + wire_payload


def deflate_raw(data: bytes) -> bytes:
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush()


def json_bytes(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


# --- sample data -------------------------------------------------------------------------------

EVENT = "6650a1b2c3d4e5f601234567"
ALICE = "6650a1b2c3d4e5f6000000a1"
BOB = "6650a1b2c3d4e5f6000000b2"
CAROL = "6650a1b2c3d4e5f6000000c3"
ROOM = "6650a1b2c3d4e5f6000000f1"
GROUP = "6650a1b2c3d4e5f6000000f2"
MSG = "6650a1b2c3d4e5f600000101"
REPLY_TO = "6650a1b2c3d4e5f6000000ff"
READ_ID = "6650a1b2c3d4e5f600000201"
PANO = "6650a1b2c3d4e5f600000401"
SESSION = "6650a1b2c3d4e5f600000501"
POLL = "6650a1b2c3d4e5f600000301"
QUESTION = "6650a1b2c3d4e5f600000601"
BREAKOUT = "6650a1b2c3d4e5f600000701"
BREAKOUT_CHAT = "6650a1b2c3d4e5f6000000f3"
TICKET = "6650a1b2c3d4e5f600000901"
SUPPORT_CHAT = "6650a1b2c3d4e5f6000009f1"
HUNT = "6650a1b2c3d4e5f600000a01"
PROJECT = "6650a1b2c3d4e5f600000b01"
TMP = "c0ffee00-1111-4222-8333-444455556666"
AT = "2026-05-09T12:00:00.123000Z"


def envelope(code: str, message: str, data: dict[str, Any]) -> dict[str, Any]:
    return {"Error": {"Code": code, "Message": message, "Data": data}}


def message(text: str, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "ID": MSG,
        "EventID": EVENT,
        "TmpID": TMP,
        "SenderID": ALICE,
        "ReceiverIDs": [BOB],
        "ChatroomID": ROOM,
        "CreatedAt": AT,
        "LikeCount": 0,
        "DislikeCount": 0,
        "ReadBy": [],
        "Text": text,
        "IsDeletedByAuthor": False,
        "IsBanned": False,
        "RepliedToMessageID": None,
    }
    body.update(extra)
    return body


ROOM_MODEL = {
    "ID": ROOM,
    "EventID": EVENT,
    "Title": "",
    "InternalName": f"direct:{ALICE}:{BOB}",
    "IsPrivate": True,
}
GREETING = "Grüße aus Zürich 👋 — 你好, ¿qué tal?"
TRICKY = 'line 1\nline 2\t"quoted" \\ </script> \u0001 \u001f \b\f\r \u007f \u2028 é'

# (name, opcode name, payload type, payload, compressed, limits override or None)
VALID: list[tuple[str, str, str, Any, bool, dict[str, int] | None]] = [
    ("ping_empty", "PING", TEXT, "", False, None),
    ("ping_text", "PING", TEXT, "hb-17", False, None),
    ("ping_non_ascii", "PING", TEXT, "héllo ✓ 🎉", False, None),
    ("pong_echo", "PONG", TEXT, "hb-17", False, None),
    ("pong_empty", "PONG", TEXT, "", False, None),
    (
        "error_frame_bad_checksum",
        "ERROR",
        JSON,
        envelope("BAD_CHECKSUM", "Frame checksum does not match", {}),
        False,
        None,
    ),
    (
        "error_read_not_a_member",
        "ERROR",
        JSON,
        envelope(
            "NOT_A_MEMBER",
            "You are not a member of this chat room",
            {"Opcode": 15, "ChatroomID": GROUP},
        ),
        False,
        None,
    ),
    (
        "max_allowed_conns_reached",
        "MAX_ALLOWED_CONNS_REACHED",
        JSON,
        {"Limit": 5, "Scope": "PERSON"},
        False,
        None,
    ),
    (
        "chatroom_create_direct",
        "CHATROOM_CREATE",
        JSON,
        {"TmpID": TMP, "EventID": EVENT, "InviteeID": BOB},
        False,
        None,
    ),
    (
        "chatroom_create_group",
        "CHATROOM_CREATE",
        JSON,
        {"TmpID": TMP, "EventID": EVENT, "Title": "Speakers' lounge", "MemberIDs": [BOB, CAROL]},
        False,
        None,
    ),
    (
        "chatroom_create_notify",
        "CHATROOM_CREATE_NOTIFY",
        JSON,
        {"TmpID": TMP, "InviterID": ALICE, "InviteeID": BOB, "ChatroomModel": ROOM_MODEL},
        False,
        None,
    ),
    (
        "chatroom_create_error",
        "CHATROOM_CREATE_ERROR",
        JSON,
        envelope(
            "PERSON_NOT_FOUND",
            "The invited person is not an attendee of this event",
            {"TmpID": TMP, "InviteeID": BOB},
        ),
        False,
        None,
    ),
    (
        "chat_message_send",
        "CHAT_MESSAGE_SEND",
        JSON,
        {"TmpID": TMP, "ChatroomID": ROOM, "Text": "Hello Bob"},
        False,
        None,
    ),
    (
        "chat_message_send_reply_non_ascii",
        "CHAT_MESSAGE_SEND",
        JSON,
        {"TmpID": TMP, "ChatroomID": ROOM, "Text": GREETING, "RepliedToMessageID": REPLY_TO},
        False,
        None,
    ),
    (
        "chat_message_send_escapes",
        "CHAT_MESSAGE_SEND",
        JSON,
        {"TmpID": TMP, "ChatroomID": ROOM, "Text": TRICKY},
        False,
        None,
    ),
    (
        "chat_message_send_notify",
        "CHAT_MESSAGE_SEND_NOTIFY",
        JSON,
        message("Hello Bob"),
        False,
        None,
    ),
    (
        "chat_message_send_notify_compressed",
        "CHAT_MESSAGE_SEND_NOTIFY",
        JSON,
        message(GREETING * 8, RepliedToMessageID=REPLY_TO),
        True,
        None,
    ),
    (
        "chat_message_send_error",
        "CHAT_MESSAGE_SEND_ERROR",
        JSON,
        envelope(
            "RATE_LIMITED",
            "Too many messages; try again shortly",
            {"TmpID": TMP, "ChatroomID": ROOM, "RetryAfterMs": 1500},
        ),
        False,
        None,
    ),
    (
        "chat_message_edit",
        "CHAT_MESSAGE_EDIT",
        JSON,
        {"ID": MSG, "ChatroomID": ROOM, "Text": "Hello Bob!"},
        False,
        None,
    ),
    (
        "chat_message_edit_notify",
        "CHAT_MESSAGE_EDIT_NOTIFY",
        JSON,
        message("Hello Bob!", ReadBy=[BOB]),
        False,
        None,
    ),
    (
        "chat_message_edit_error",
        "CHAT_MESSAGE_EDIT_ERROR",
        JSON,
        envelope(
            "TEXT_TOO_LONG",
            "Text is longer than 4000 characters",
            {"ID": MSG, "ChatroomID": ROOM, "MaxLength": 4000},
        ),
        False,
        None,
    ),
    (
        "chat_message_delete",
        "CHAT_MESSAGE_DELETE",
        JSON,
        {"ID": MSG, "ChatroomID": ROOM},
        False,
        None,
    ),
    (
        "chat_message_delete_notify",
        "CHAT_MESSAGE_DELETE_NOTIFY",
        JSON,
        {"ID": MSG, "DeleterID": ALICE, "ReceiverIDs": [BOB], "ChatroomID": ROOM},
        False,
        None,
    ),
    (
        "chat_message_delete_error",
        "CHAT_MESSAGE_DELETE_ERROR",
        JSON,
        envelope(
            "FORBIDDEN",
            "Only the author or a moderator may delete this message",
            {"ID": MSG, "ChatroomID": ROOM},
        ),
        False,
        None,
    ),
    (
        "chat_message_read",
        "CHAT_MESSAGE_READ",
        JSON,
        {"ChatroomID": ROOM, "LastReadChatMessageID": MSG},
        False,
        None,
    ),
    (
        "chat_message_read_notify",
        "CHAT_MESSAGE_READ_NOTIFY",
        JSON,
        {
            "ID": READ_ID,
            "EventID": EVENT,
            "Created": AT,
            "Updated": "2026-05-09T12:00:02.500000Z",
            "PersonID": BOB,
            "ChatroomID": ROOM,
            "LastReadChatMessageID": MSG,
        },
        False,
        None,
    ),
    (
        "pano_event_var_sync",
        "PANO_EVENT_VAR_SYNC",
        JSON,
        {"EventID": EVENT, "Vars": {"Var_EventDay": "2", "Var_Stage_Open": "1"}},
        False,
        None,
    ),
    (
        "pano_attendee_var_sync",
        "PANO_ATTENDEE_VAR_SYNC",
        JSON,
        {
            "EventID": EVENT,
            "PersonID": ALICE,
            "Vars": {"Var_User_Lang": "de", "Var_User_Game_01": "42"},
        },
        False,
        None,
    ),
    (
        "pano_uploader_progress",
        "PANO_UPLOADER_PROGRESS",
        JSON,
        {"PanoID": PANO, "Version": 3, "Step": "images", "Done": 4, "Total": 9},
        False,
        None,
    ),
    (
        "pano_uploader_success",
        "PANO_UPLOADER_SUCCESS",
        JSON,
        {"PanoID": PANO, "Version": 3, "PanoURL": f"/tours/{PANO}/3/"},
        False,
        None,
    ),
    (
        "pano_uploader_error",
        "PANO_UPLOADER_ERROR",
        JSON,
        envelope(
            "INVALID_FILE",
            "Tour package refused: a node panorama must be twice as wide as high",
            {"PanoID": PANO, "Version": 3, "Entry": "images/hall.png"},
        ),
        False,
        None,
    ),
    (
        "activity_sync_notify",
        "ACTIVITY_SYNC_NOTIFY",
        JSON,
        {
            "ID": SESSION,
            "EventID": EVENT,
            "Type": "Session",
            "InternalName": "Keynote",
            "ScreenID": "main-stage",
            "IsVirtual": True,
            "DateBegin": "2026-05-09T13:00:00Z",
            "DateEnd": "2026-05-09T14:00:00Z",
            "NoAvtoPlay": False,
            "StreamID": "stream-1",
            "ConferenceType": "Youtube",
            "ConferenceJoinURL": "",
            "ConferenceID": "dQw4w9WgXcQ",
        },
        False,
        None,
    ),
    (
        "activity_sync_notify_deleted",
        "ACTIVITY_SYNC_NOTIFY",
        JSON,
        {"ID": SESSION, "EventID": EVENT, "Type": "Session", "InternalName": "DELETED"},
        False,
        None,
    ),
    (
        "poll_vote",
        "POLL_VOTE",
        JSON,
        {"PollID": POLL, "OptionIDs": ["b"], "Other": None, "TmpID": TMP},
        False,
        None,
    ),
    (
        "poll_vote_error",
        "POLL_VOTE_ERROR",
        JSON,
        envelope(
            "POLL_NOT_OPEN",
            "This poll is closed",
            {"PollID": POLL, "State": "closed", "TmpID": TMP},
        ),
        False,
        None,
    ),
    (
        "poll_ballot_notify",
        "POLL_BALLOT_NOTIFY",
        JSON,
        {
            "PollID": POLL,
            "EventID": EVENT,
            "TmpID": TMP,
            "OptionIDs": ["a", "c"],
            "Other": "Sign language",
            "UpdatedAt": AT,
        },
        False,
        None,
    ),
    (
        "poll_notify",
        "POLL_NOTIFY",
        JSON,
        {
            "ID": POLL,
            "EventID": EVENT,
            "Question": "Which topic first?",
            "Options": [{"ID": "a", "Text": "Hybrid stages"}, {"ID": "b", "Text": "Networking"}],
            "Multiple": False,
            "AllowOther": True,
            "AllowChange": True,
            "Results": "live",
            "State": "open",
            "OpensAt": None,
            "ClosesAt": "2026-05-09T13:00:00Z",
            "PanoNodeID": "",
            "SessionID": SESSION,
            "Deleted": False,
        },
        False,
        None,
    ),
    (
        "poll_results_notify",
        "POLL_RESULTS_NOTIFY",
        JSON,
        {
            "PollID": POLL,
            "EventID": EVENT,
            "Ballots": 3,
            "Counts": [{"OptionID": "a", "Count": 1}, {"OptionID": "b", "Count": 2}],
            "Other": 0,
            "AsOf": AT,
        },
        False,
        None,
    ),
    (
        "question_notify_anonymous",
        "QUESTION_NOTIFY",
        JSON,
        {
            "ID": QUESTION,
            "EventID": EVENT,
            "SessionID": SESSION,
            "Text": "Will the slides be shared? 🙏",
            "AuthorName": None,
            "Anonymous": True,
            "Status": "visible",
            "Answered": False,
            "Pinned": False,
            "Votes": 4,
            "CreatedAt": AT,
            "Deleted": False,
        },
        False,
        None,
    ),
    (
        "question_votes_notify",
        "QUESTION_VOTES_NOTIFY",
        JSON,
        {"SessionID": SESSION, "EventID": EVENT, "Votes": [{"ID": QUESTION, "Votes": 5}]},
        False,
        None,
    ),
    (
        "question_upvote",
        "QUESTION_UPVOTE",
        JSON,
        {"SessionID": SESSION, "QuestionID": QUESTION, "TmpID": TMP},
        False,
        None,
    ),
    (
        "question_upvote_error_already",
        "QUESTION_UPVOTE_ERROR",
        JSON,
        envelope(
            "ALREADY_UPVOTED",
            "You upvoted this question already",
            {"QuestionID": QUESTION, "TmpID": TMP},
        ),
        False,
        None,
    ),
    (
        "question_upvote_notify",
        "QUESTION_UPVOTE_NOTIFY",
        JSON,
        {
            "EventID": EVENT,
            "SessionID": SESSION,
            "QuestionID": QUESTION,
            "TmpID": TMP,
            "Votes": 6,
        },
        False,
        None,
    ),
    (
        "reaction_send",
        "REACTION_SEND",
        JSON,
        {"SessionID": SESSION, "Reaction": "applause"},
        False,
        None,
    ),
    (
        "reaction_error",
        "REACTION_ERROR",
        JSON,
        envelope(
            "RATE_LIMITED",
            "Too many reactions; wait a moment",
            {"RetryAfterMs": 400, "SessionID": SESSION},
        ),
        False,
        None,
    ),
    (
        "reaction_burst_notify",
        "REACTION_BURST_NOTIFY",
        JSON,
        {
            "SessionID": SESSION,
            "EventID": EVENT,
            "Counts": [{"Reaction": "applause", "Count": 12}, {"Reaction": "heart", "Count": 3}],
        },
        False,
        None,
    ),
    (
        "breakout_join",
        "BREAKOUT_JOIN",
        JSON,
        {"RoomID": BREAKOUT, "TmpID": TMP},
        False,
        None,
    ),
    (
        "breakout_join_error_full",
        "BREAKOUT_JOIN_ERROR",
        JSON,
        envelope(
            "BREAKOUT_ROOM_FULL",
            f"Breakout room {BREAKOUT} is full",
            {"RoomID": BREAKOUT, "Capacity": 4, "TmpID": TMP},
        ),
        False,
        None,
    ),
    (
        "breakout_leave",
        "BREAKOUT_LEAVE",
        JSON,
        {"TmpID": TMP, "RoomID": BREAKOUT},
        False,
        None,
    ),
    (
        "breakout_presence_notify_joined",
        "BREAKOUT_PRESENCE_NOTIFY",
        JSON,
        {
            "EventID": EVENT,
            "PersonID": ALICE,
            "RoomID": BREAKOUT,
            "FromRoomID": None,
            "Reason": "joined",
            "TmpID": TMP,
            "ChatroomID": BREAKOUT_CHAT,
            "Call": {
                "Type": "Jitsi",
                "URL": "https://meet.jit.si/venuely-demo-hybrid-stages",
                "MeetingID": "",
                "Password": "",
            },
        },
        False,
        None,
    ),
    (
        "breakout_presence_notify_closed",
        "BREAKOUT_PRESENCE_NOTIFY",
        JSON,
        {
            "EventID": EVENT,
            "PersonID": ALICE,
            "RoomID": None,
            "FromRoomID": BREAKOUT,
            "Reason": "closed",
            "TmpID": "",
            "ChatroomID": None,
            "Call": None,
        },
        False,
        None,
    ),
    (
        "breakout_occupancy_notify",
        "BREAKOUT_OCCUPANCY_NOTIFY",
        JSON,
        {
            "EventID": EVENT,
            "Rooms": [
                {
                    "RoomID": BREAKOUT,
                    "Version": 7,
                    "Capacity": 4,
                    "Occupancy": 2,
                    "SeatsLeft": 2,
                    "PersonIDs": [ALICE, BOB],
                }
            ],
        },
        False,
        None,
    ),
    (
        "breakout_room_notify",
        "BREAKOUT_ROOM_NOTIFY",
        JSON,
        {
            "ID": BREAKOUT,
            "EventID": EVENT,
            "Title": "Speakers' corner",
            "Topic": "Questions for today's speakers",
            "Capacity": 4,
            "State": "open",
            "OpensAt": None,
            "ClosesAt": "2026-05-09T18:00:00Z",
            "ConferenceType": "Jitsi",
            "PanoNodeID": "",
            "Deleted": False,
        },
        False,
        None,
    ),
    (
        "helpdesk_ticket_notify",
        "HELPDESK_TICKET_NOTIFY",
        JSON,
        {
            "ID": TICKET,
            "EventID": EVENT,
            "ChatroomID": SUPPORT_CHAT,
            "Topic": "No sound in the keynote stream",
            "State": "waiting",
            "Requester": {"ID": ALICE, "Name": "Ada Lovelace", "Picture": ""},
            "Assignee": {"ID": BOB, "Name": "Sam Rivera (Help desk)", "Picture": ""},
            "CreatedAt": "2026-05-09T12:00:00Z",
            "UpdatedAt": "2026-05-09T12:04:00Z",
            "LastMessageAt": "2026-05-09T12:04:00Z",
            "LastMessageBy": "agent",
            "FirstResponseAt": "2026-05-09T12:04:00Z",
            "ClosedAt": None,
            "ReopenCount": 0,
            "MessageCount": 2,
        },
        False,
        None,
    ),
    (
        "helpdesk_ticket_notify_new",
        "HELPDESK_TICKET_NOTIFY",
        JSON,
        {
            "ID": TICKET,
            "EventID": EVENT,
            "ChatroomID": SUPPORT_CHAT,
            "Topic": "Where are the keynote slides?",
            "State": "new",
            "Requester": {"ID": CAROL, "Name": "Grace Hopper", "Picture": ""},
            "Assignee": None,
            "CreatedAt": AT,
            "UpdatedAt": AT,
            "LastMessageAt": AT,
            "LastMessageBy": "requester",
            "FirstResponseAt": None,
            "ClosedAt": None,
            "ReopenCount": 0,
            "MessageCount": 1,
        },
        False,
        None,
    ),
    (
        "treasure_hunt_ranking_notify",
        "TREASURE_HUNT_RANKING_NOTIFY",
        JSON,
        {
            "EventID": EVENT,
            "HuntID": HUNT,
            "Top": [
                {
                    "Rank": 1,
                    "PersonID": ALICE,
                    "FullName": "Ada Lovelace",
                    "PictureURL": "",
                    "Score": 60,
                    "UpdatedAt": "2026-05-09T12:04:00Z",
                    "Hidden": False,
                },
                {
                    "Rank": 2,
                    "PersonID": BOB,
                    "FullName": "",
                    "PictureURL": "",
                    "Score": 45,
                    "UpdatedAt": "2026-05-09T12:02:00Z",
                    "Hidden": True,
                },
            ],
            "Ranked": 2,
            "Version": 1778328240000,
        },
        False,
        None,
    ),
    (
        "walloffame_project_notify",
        "WALLOFFAME_PROJECT_NOTIFY",
        JSON,
        {
            "EventID": EVENT,
            "ProjectID": PROJECT,
            "State": "pending",
            "Featured": False,
            "AuthorID": ALICE,
            "Deleted": False,
        },
        False,
        None,
    ),
    (
        "chat_mutes_notify",
        "CHAT_MUTES_NOTIFY",
        JSON,
        {
            "EventID": EVENT,
            "Mutes": [
                {"PersonID": BOB, "Blocked": False, "CreatedAt": "2026-05-09T12:00:00Z"},
                {"PersonID": CAROL, "Blocked": True, "CreatedAt": "2026-05-09T12:05:00Z"},
            ],
        },
        False,
        None,
    ),
    (
        "chat_mutes_notify_empty",
        "CHAT_MUTES_NOTIFY",
        JSON,
        {"EventID": EVENT, "Mutes": []},
        False,
        None,
    ),
    (
        "analytics_track",
        "ANALYTICS_TRACK",
        JSON,
        {
            "Events": [
                {"Kind": "page_view", "Screen": "room", "ActivityID": None, "Place": "lobby"},
                {"Kind": "ping", "Screen": "room", "ActivityID": None, "Place": "lobby"},
            ]
        },
        False,
        None,
    ),
    # A leading U+FEFF is payload, not a byte order mark: decoders must not strip it.
    ("text_keeps_leading_bom", "PING", TEXT, "\ufeffhi", False, None),
    ("text_compressed", "PONG", TEXT, "venuely " * 64, True, None),
    ("text_compressed_empty", "PING", TEXT, "", True, None),
    ("json_top_level_array", "ERROR", JSON, [1, "two", None, True], False, None),
    # A tiny limit lets the vectors pin the boundary without a 64 KiB hex string.
    ("frame_exactly_at_limit", "PING", TEXT, "x" * 12, False, {"max_frame_bytes": 16}),
    (
        "payload_exactly_at_limit",
        "PING",
        TEXT,
        "y" * 32,
        True,
        {"max_frame_bytes": 65536, "max_payload_bytes": 32},
    ),
]


def valid_vector(
    name: str,
    opname: str,
    ptype: str,
    payload: Any,
    compressed: bool,
    limits: dict[str, int] | None,
) -> dict[str, Any]:
    plain = payload.encode("utf-8") if ptype == TEXT else json_bytes(payload)
    wire = deflate_raw(plain) if compressed else plain
    frame = raw_frame(OP[opname], wire, ptype=ptype, compressed=compressed)
    vector: dict[str, Any] = {
        "name": name,
        "opcode": OP[opname],
        "opcode_name": opname,
        "payload_type": ptype,
        "compressed": compressed,
        # DEFLATE output differs between implementations; only the decoded payload is normative.
        "encode_exact": not compressed,
        "payload": payload,
        "payload_hex": plain.hex(),
        "hex": frame.hex(),
    }
    if limits:
        vector["limits"] = limits
    return vector


def flip_bit(data: bytes, index: int, mask: int) -> bytes:
    out = bytearray(data)
    out[index] ^= mask
    return bytes(out)


def malformed_vectors() -> list[dict[str, Any]]:
    ping = raw_frame(OP["PING"], b"hb-17")
    send = raw_frame(OP["CHAT_MESSAGE_SEND"], json_bytes({"TmpID": TMP}), ptype=JSON)
    swapped = ping[:2] + ping[3:4] + ping[2:3] + ping[4:]
    assert swapped != ping, "pick a payload whose checksum bytes differ"
    good_deflate = deflate_raw(b"hello hello hello")
    bomb_small = deflate_raw(b"\0" * (MAX_PAYLOAD_BYTES + 1))
    bomb_big = deflate_raw(b"\0" * (16 * 1024 * 1024))
    zlib_wrapped = zlib.compress(b"hello")
    try:
        zlib.decompressobj(-15).decompress(zlib_wrapped)
    except zlib.error:
        pass
    else:  # pragma: no cover - the vector would be meaningless
        raise AssertionError("a zlib-wrapped stream must not inflate as raw DEFLATE")

    cases: list[tuple[str, bytes, str, dict[str, int] | None]] = [
        ("empty", b"", "FRAME_HEADER", None),
        ("header_1_byte", b"\xb0", "FRAME_HEADER", None),
        ("header_2_bytes", b"\xb0\x00", "FRAME_HEADER", None),
        ("header_3_bytes", ping[:3], "FRAME_HEADER", None),
        ("bad_magic", raw_frame(OP["PING"], b"hb-17", magic=0xA), "BAD_MAGIC", None),
        ("all_zero_header", b"\0\0\0\0", "BAD_MAGIC", None),
        ("bad_magic_wins_over_bad_checksum", flip_bit(ping, 0, 0x10)[:4] + b"x", "BAD_MAGIC", None),
        ("bad_version_1", raw_frame(OP["PING"], b"hb-17", version=1), "BAD_VERSION", None),
        ("bad_version_15", raw_frame(OP["PING"], b"", version=15), "BAD_VERSION", None),
        ("bad_checksum_flipped_bit", flip_bit(ping, 3, 0x01), "BAD_CHECKSUM", None),
        ("bad_checksum_little_endian", swapped, "BAD_CHECKSUM", None),
        ("bad_checksum_payload_changed", flip_bit(ping, 4, 0x20), "BAD_CHECKSUM", None),
        ("bad_checksum_opcode_changed", flip_bit(send, 1, 0x01), "BAD_CHECKSUM", None),
        ("bad_checksum_type_bit_changed", flip_bit(send, 1, 0x40), "BAD_CHECKSUM", None),
        ("bad_checksum_compressed_bit_set", flip_bit(ping, 1, 0x80), "BAD_CHECKSUM", None),
        ("unknown_opcode_62", raw_frame(62, b""), "UNKNOWN_OPCODE", None),
        ("unknown_opcode_62_json", raw_frame(62, b"{}", ptype=JSON), "UNKNOWN_OPCODE", None),
        ("unknown_opcode_63", raw_frame(63, b"x"), "UNKNOWN_OPCODE", None),
        (
            "unknown_opcode_63_compressed",
            raw_frame(63, deflate_raw(b"x"), compressed=True),
            "UNKNOWN_OPCODE",
            None,
        ),
        (
            "unknown_opcode_bad_checksum",
            flip_bit(raw_frame(40, b""), 2, 0x80),
            "BAD_CHECKSUM",
            None,
        ),
        (
            "frame_too_large",
            raw_frame(OP["PING"], b"x" * 13),
            "FRAME_TOO_LARGE",
            {"max_frame_bytes": 16},
        ),
        (
            "frame_too_large_wins_over_bad_magic",
            b"\0" * 17,
            "FRAME_TOO_LARGE",
            {"max_frame_bytes": 16},
        ),
        (
            "payload_too_large_uncompressed",
            raw_frame(OP["PING"], b"y" * 33),
            "PAYLOAD_TOO_LARGE",
            {"max_frame_bytes": 65536, "max_payload_bytes": 32},
        ),
        (
            "payload_too_large_compressed",
            raw_frame(OP["PING"], deflate_raw(b"y" * 33), compressed=True),
            "PAYLOAD_TOO_LARGE",
            {"max_frame_bytes": 65536, "max_payload_bytes": 32},
        ),
        (
            "deflate_bomb_one_byte_over",
            raw_frame(OP["PING"], bomb_small, compressed=True),
            "PAYLOAD_TOO_LARGE",
            None,
        ),
        (
            "deflate_bomb_16_mib",
            raw_frame(OP["CHAT_MESSAGE_SEND"], bomb_big, ptype=JSON, compressed=True),
            "PAYLOAD_TOO_LARGE",
            None,
        ),
        (
            "compressed_not_deflate",
            raw_frame(OP["PING"], b"\xff\xff\xff\xff", compressed=True),
            "BAD_COMPRESSION",
            None,
        ),
        (
            "compressed_empty_body",
            raw_frame(OP["PING"], b"", compressed=True),
            "BAD_COMPRESSION",
            None,
        ),
        (
            "compressed_truncated",
            raw_frame(OP["PING"], good_deflate[:-3], compressed=True),
            "BAD_COMPRESSION",
            None,
        ),
        (
            "compressed_trailing_garbage",
            raw_frame(OP["PING"], good_deflate + b"\x00", compressed=True),
            "BAD_COMPRESSION",
            None,
        ),
        (
            "compressed_zlib_wrapper_not_raw",
            raw_frame(OP["PING"], zlib_wrapped, compressed=True),
            "BAD_COMPRESSION",
            None,
        ),
        ("text_invalid_utf8", raw_frame(OP["PING"], b"ok \xc3\x28"), "BAD_PAYLOAD", None),
        ("text_overlong_utf8", raw_frame(OP["PING"], b"\xc0\xaf"), "BAD_PAYLOAD", None),
        ("text_utf8_surrogate", raw_frame(OP["PING"], b"\xed\xa0\x80"), "BAD_PAYLOAD", None),
        ("text_truncated_utf8", raw_frame(OP["PING"], "€".encode()[:2]), "BAD_PAYLOAD", None),
        (
            "text_compressed_invalid_utf8",
            raw_frame(OP["PING"], deflate_raw(b"\xff\xfe"), compressed=True),
            "BAD_PAYLOAD",
            None,
        ),
        ("json_empty", raw_frame(OP["CHAT_MESSAGE_SEND"], b"", ptype=JSON), "BAD_PAYLOAD", None),
        (
            "json_truncated",
            raw_frame(OP["CHAT_MESSAGE_SEND"], b'{"TmpID":', ptype=JSON),
            "BAD_PAYLOAD",
            None,
        ),
        (
            "json_trailing_garbage",
            raw_frame(OP["CHAT_MESSAGE_SEND"], b"{} {}", ptype=JSON),
            "BAD_PAYLOAD",
            None,
        ),
        (
            "json_single_quotes",
            raw_frame(OP["CHAT_MESSAGE_SEND"], b"{'TmpID': 'x'}", ptype=JSON),
            "BAD_PAYLOAD",
            None,
        ),
        (
            "json_utf8_bom",
            raw_frame(OP["CHAT_MESSAGE_SEND"], b"\xef\xbb\xbf{}", ptype=JSON),
            "BAD_PAYLOAD",
            None,
        ),
        ("json_nan", raw_frame(OP["CHAT_MESSAGE_SEND"], b"NaN", ptype=JSON), "BAD_PAYLOAD", None),
        (
            "json_invalid_utf8",
            raw_frame(OP["CHAT_MESSAGE_SEND"], b'{"Text":"\xff"}', ptype=JSON),
            "BAD_PAYLOAD",
            None,
        ),
        (
            "json_compressed_invalid",
            raw_frame(OP["CHAT_MESSAGE_SEND"], deflate_raw(b"{oops"), ptype=JSON, compressed=True),
            "BAD_PAYLOAD",
            None,
        ),
    ]
    vectors = []
    for name, frame, error, limits in cases:
        vector: dict[str, Any] = {"name": name, "hex": frame.hex(), "error": error}
        if limits:
            vector["limits"] = limits
        vectors.append(vector)
    return vectors


def build() -> dict[str, Any]:
    return {
        "about": (
            "Golden vectors for the Venuely realtime frame format; see protocol/README.md. "
            "Generated by protocol/generate_vectors.py; do not edit by hand."
        ),
        "checksum": {
            "algorithm": "CRC-16/CCITT-FALSE",
            "check_input": "123456789",
            "check": 0x29B1,
        },
        "limits": {"max_frame_bytes": MAX_FRAME_BYTES, "max_payload_bytes": MAX_PAYLOAD_BYTES},
        "opcodes": [
            {"value": value, "name": name, "direction": direction, "payload_type": ptype}
            for value, name, direction, ptype in OPCODES
        ],
        "valid": [valid_vector(*case) for case in VALID],
        "malformed": malformed_vectors(),
    }


def render() -> str:
    return json.dumps(build(), ensure_ascii=False, indent=2) + "\n"


def main(argv: list[str]) -> int:
    text = render()
    covered = {vector[1] for vector in VALID}
    missing = [name for _, name, _, _ in OPCODES if name not in covered]
    if missing:
        sys.stderr.write(f"opcodes without a valid vector: {missing}\n")
        return 1
    if "--check" in argv:
        if OUT.read_text(encoding="utf-8") != text:
            sys.stderr.write(f"{OUT} is stale; run python {Path(__file__).name}\n")
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
