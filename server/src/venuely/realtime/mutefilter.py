"""Reading the two frames the hub's mute filter acts on (protocol/README.md §4, opcodes 7, 10, 46).

A person who muted someone must not receive that someone's chat messages on any socket, on any
process. The rooms stay shared channels — a broadcast room of 10,000 is one channel, encoded
once — so the filter sits where a frame meets this process's sockets: `LocalHub.deliver_local`,
which the in-process hub and every Redis subscriber call. It learns who muted whom from the
frames themselves: CHAT_MUTES_NOTIFY, which the server publishes to the muter's person channel
after every change, carries the muter's whole list. So no process needs a database read or a
control message of its own when a list changes, and a process without muting sockets pays
nothing (the hub only looks at a frame while one of its sockets has a mute).

This module only reads frames; it knows the protocol's field names, not chat's code.
"""

from __future__ import annotations

from venuely.realtime.codec import FrameError, decode_frame
from venuely.realtime.opcodes import Opcode

OPCODE_MASK = 0x3F
# Chat messages, filtered by their SenderID.
FILTERED_OPCODES = frozenset({Opcode.CHAT_MESSAGE_SEND_NOTIFY, Opcode.CHAT_MESSAGE_EDIT_NOTIFY})
MUTES_OPCODE = Opcode.CHAT_MUTES_NOTIFY
PERSON_PREFIX = "person:"


def opcode_of(frame: bytes) -> int:
    """The opcode bits of an encoded frame (the hub's frames are the server's own, whole)."""
    return frame[1] & OPCODE_MASK


def _value(frame: bytes) -> object:
    try:
        return decode_frame(frame).value
    except FrameError:
        return None


def sender_of(frame: bytes) -> str | None:
    """The SenderID of a chat message frame; None when the frame carries none."""
    value = _value(frame)
    if isinstance(value, dict):
        sender = value.get("SenderID")
        if isinstance(sender, str):
            return sender
    return None


def mutes_of(frame: bytes) -> tuple[str, frozenset[str]] | None:
    """(EventID, the muted persons' ids) of a CHAT_MUTES_NOTIFY frame; None if unreadable."""
    value = _value(frame)
    if not isinstance(value, dict):
        return None
    event_id, rows = value.get("EventID"), value.get("Mutes")
    if not isinstance(event_id, str) or not isinstance(rows, list):
        return None
    muted = frozenset(
        row["PersonID"]
        for row in rows
        if isinstance(row, dict) and isinstance(row.get("PersonID"), str)
    )
    return event_id, muted
