"""Opcodes and payload types of the realtime frame format (protocol/README.md §3 and §4).

The numeric values are the wire format: never renumber, only append (the six header bits leave
room for opcodes up to 63). 0–23 keep the meaning the spec gives them, 24–33 are Venuely's
live interaction (polls, Q&A, reactions), 34–39 its breakout rooms, 40–42 Q&A upvotes over the
socket, 43 the help desk's ticket changes, 44 the treasure hunt's board, 45 the Wall of
Fame's project reviews, 46 a person's chat mutes and 47 the tracker's items (analytics). A new
frame takes the next free number, gets its row in `OPCODE_SPECS`, its section (with an example)
in protocol/README.md §4 and vectors, and a payload model declared by the feature that owns it
(`realtime/frames.py` explains how).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from types import MappingProxyType


class PayloadType(IntEnum):
    TEXT = 0
    JSON = 1


class Opcode(IntEnum):
    PING = 0
    PONG = 1
    ERROR = 2
    MAX_ALLOWED_CONNS_REACHED = 3
    CHATROOM_CREATE = 4
    CHATROOM_CREATE_NOTIFY = 5
    CHAT_MESSAGE_SEND = 6
    CHAT_MESSAGE_SEND_NOTIFY = 7
    CHAT_MESSAGE_SEND_ERROR = 8
    CHAT_MESSAGE_EDIT = 9
    CHAT_MESSAGE_EDIT_NOTIFY = 10
    CHAT_MESSAGE_EDIT_ERROR = 11
    CHAT_MESSAGE_DELETE = 12
    CHAT_MESSAGE_DELETE_NOTIFY = 13
    CHAT_MESSAGE_DELETE_ERROR = 14
    CHAT_MESSAGE_READ = 15
    CHAT_MESSAGE_READ_NOTIFY = 16
    PANO_EVENT_VAR_SYNC = 17
    PANO_ATTENDEE_VAR_SYNC = 18
    PANO_UPLOADER_PROGRESS = 19
    PANO_UPLOADER_SUCCESS = 20
    PANO_UPLOADER_ERROR = 21
    ACTIVITY_SYNC_NOTIFY = 22
    CHATROOM_CREATE_ERROR = 23
    # Live interaction (beyond the spec): polls, Q&A, reactions.
    POLL_VOTE = 24
    POLL_VOTE_ERROR = 25
    POLL_BALLOT_NOTIFY = 26
    POLL_NOTIFY = 27
    POLL_RESULTS_NOTIFY = 28
    QUESTION_NOTIFY = 29
    QUESTION_VOTES_NOTIFY = 30
    REACTION_SEND = 31
    REACTION_ERROR = 32
    REACTION_BURST_NOTIFY = 33
    # Breakout rooms (beyond the spec): presence with capacity, occupancy, room changes.
    BREAKOUT_JOIN = 34
    BREAKOUT_JOIN_ERROR = 35
    BREAKOUT_LEAVE = 36
    BREAKOUT_PRESENCE_NOTIFY = 37
    BREAKOUT_OCCUPANCY_NOTIFY = 38
    BREAKOUT_ROOM_NOTIFY = 39
    # Q&A upvotes over the socket (beyond the spec): the storm path of an upvote.
    QUESTION_UPVOTE = 40
    QUESTION_UPVOTE_ERROR = 41
    QUESTION_UPVOTE_NOTIFY = 42
    # The help desk (beyond the spec): a ticket changed (created, claimed, answered, closed, ...).
    HELPDESK_TICKET_NOTIFY = 43
    # The treasure hunt (beyond the spec): the top of a hunt's board after finds.
    TREASURE_HUNT_RANKING_NOTIFY = 44
    # The Wall of Fame (beyond the spec): a project's review state changed.
    WALLOFFAME_PROJECT_NOTIFY = 45
    # Chat (beyond the spec): a person's list of muted and blocked persons after a change.
    CHAT_MUTES_NOTIFY = 46
    ANALYTICS_TRACK = 47


class Direction(StrEnum):
    CLIENT_TO_SERVER = "client_to_server"
    SERVER_TO_CLIENT = "server_to_client"
    BOTH = "both"


@dataclass(frozen=True, slots=True)
class OpcodeSpec:
    direction: Direction
    payload_type: PayloadType

    @property
    def client_may_send(self) -> bool:
        return self.direction is not Direction.SERVER_TO_CLIENT


_C2S = OpcodeSpec(Direction.CLIENT_TO_SERVER, PayloadType.JSON)
_S2C = OpcodeSpec(Direction.SERVER_TO_CLIENT, PayloadType.JSON)
_HEARTBEAT = OpcodeSpec(Direction.BOTH, PayloadType.TEXT)

# The codec accepts any payload type for any known opcode; the gateway uses this table to refuse
# frames a client may not send or whose payload type does not fit the opcode.
OPCODE_SPECS: Mapping[Opcode, OpcodeSpec] = MappingProxyType(
    {
        Opcode.PING: _HEARTBEAT,
        Opcode.PONG: _HEARTBEAT,
        Opcode.ERROR: _S2C,
        Opcode.MAX_ALLOWED_CONNS_REACHED: _S2C,
        Opcode.CHATROOM_CREATE: _C2S,
        Opcode.CHATROOM_CREATE_NOTIFY: _S2C,
        Opcode.CHAT_MESSAGE_SEND: _C2S,
        Opcode.CHAT_MESSAGE_SEND_NOTIFY: _S2C,
        Opcode.CHAT_MESSAGE_SEND_ERROR: _S2C,
        Opcode.CHAT_MESSAGE_EDIT: _C2S,
        Opcode.CHAT_MESSAGE_EDIT_NOTIFY: _S2C,
        Opcode.CHAT_MESSAGE_EDIT_ERROR: _S2C,
        Opcode.CHAT_MESSAGE_DELETE: _C2S,
        Opcode.CHAT_MESSAGE_DELETE_NOTIFY: _S2C,
        Opcode.CHAT_MESSAGE_DELETE_ERROR: _S2C,
        Opcode.CHAT_MESSAGE_READ: _C2S,
        Opcode.CHAT_MESSAGE_READ_NOTIFY: _S2C,
        Opcode.PANO_EVENT_VAR_SYNC: _S2C,
        Opcode.PANO_ATTENDEE_VAR_SYNC: _S2C,
        Opcode.PANO_UPLOADER_PROGRESS: _S2C,
        Opcode.PANO_UPLOADER_SUCCESS: _S2C,
        Opcode.PANO_UPLOADER_ERROR: _S2C,
        Opcode.ACTIVITY_SYNC_NOTIFY: _S2C,
        Opcode.CHATROOM_CREATE_ERROR: _S2C,
        Opcode.POLL_VOTE: _C2S,
        Opcode.POLL_VOTE_ERROR: _S2C,
        Opcode.POLL_BALLOT_NOTIFY: _S2C,
        Opcode.POLL_NOTIFY: _S2C,
        Opcode.POLL_RESULTS_NOTIFY: _S2C,
        Opcode.QUESTION_NOTIFY: _S2C,
        Opcode.QUESTION_VOTES_NOTIFY: _S2C,
        Opcode.REACTION_SEND: _C2S,
        Opcode.REACTION_ERROR: _S2C,
        Opcode.REACTION_BURST_NOTIFY: _S2C,
        Opcode.BREAKOUT_JOIN: _C2S,
        Opcode.BREAKOUT_JOIN_ERROR: _S2C,
        Opcode.BREAKOUT_LEAVE: _C2S,
        Opcode.BREAKOUT_PRESENCE_NOTIFY: _S2C,
        Opcode.BREAKOUT_OCCUPANCY_NOTIFY: _S2C,
        Opcode.BREAKOUT_ROOM_NOTIFY: _S2C,
        Opcode.QUESTION_UPVOTE: _C2S,
        Opcode.QUESTION_UPVOTE_ERROR: _S2C,
        Opcode.QUESTION_UPVOTE_NOTIFY: _S2C,
        Opcode.HELPDESK_TICKET_NOTIFY: _S2C,
        Opcode.TREASURE_HUNT_RANKING_NOTIFY: _S2C,
        Opcode.WALLOFFAME_PROJECT_NOTIFY: _S2C,
        Opcode.CHAT_MUTES_NOTIFY: _S2C,
        Opcode.ANALYTICS_TRACK: _C2S,
    }
)
