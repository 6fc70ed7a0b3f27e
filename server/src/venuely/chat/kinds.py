"""Room kinds other features own, and the rules each brings into chat.

Chat keeps its own kinds (broadcast, direct, group) and their rules in `access.py` and
`messages.py`. A feature that needs a chat room with rules of its own — a help desk conversation
that closes, that agents may read without being in it — registers its kind here at import time
instead of chat importing the feature:

    register_room_kind(ChatroomKind.SUPPORT, RoomKindRules(may_read=..., before_message=...))

Chat then asks the registry at the few places a rule can differ: `access.access_room` (who may
read without being a member), `messages.post_message` (a check before a new message is stored,
and a hook after it, in the same transaction, whose effects are delivered with the message's),
and its routes that would make, wire or delete a room (refused for an owned kind, which only its
feature makes, gives members and removes).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess
from venuely.chat.models import ChatMessage, Chatroom, ChatroomKind
from venuely.chat.publish import Effect
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.services import Services

# (session, the caller's access to the event, the room) -> may read it without being a member.
# Only asked for a caller who is neither a member nor a moderating admin of the event.
ReadCheck = Callable[[AsyncSession, EventAccess, Chatroom], Awaitable[bool]]
# (session, the room as locked for the send, the sender) -> None, or raises the ApiError that
# refuses the new message. Runs under the room's lock, before anything is stored; a resend of a
# stored TmpID does not run it (it is answered as it was).
MessageCheck = Callable[[AsyncSession, Chatroom, str], Awaitable[None]]
# (session, services, the room, the message just stored) -> effects delivered after the commit,
# after the message's own SEND_NOTIFY. Same transaction: a refusal here stores nothing.
MessageHook = Callable[[AsyncSession, Services, Chatroom, ChatMessage], Awaitable[list[Effect]]]


@dataclass(frozen=True, slots=True)
class RoomKindRules:
    may_read: ReadCheck | None = None
    before_message: MessageCheck | None = None
    after_message: MessageHook | None = None
    # Rooms of the kind are made, given members and deleted only by the feature that owns it:
    # chat's room routes, CHATROOM_CREATE and the relation routes leave them alone.
    owned: bool = True


_CHAT_KINDS = frozenset({ChatroomKind.BROADCAST, ChatroomKind.DIRECT, ChatroomKind.GROUP})
# Chat's own kinds: no rules beyond chat's.
_CHATS_OWN = RoomKindRules(owned=False)
# A kind nobody registered (its feature not loaded) is still not chat's to manage.
_UNREGISTERED = RoomKindRules()
_RULES: dict[str, RoomKindRules] = {}


def register_room_kind(kind: ChatroomKind, rules: RoomKindRules) -> None:
    if kind in _CHAT_KINDS:
        raise ValueError(f"{kind.value} rooms are chat's own")
    _RULES[kind.value] = rules


def rules_of(kind: str) -> RoomKindRules:
    if kind in _CHAT_KINDS:
        return _CHATS_OWN
    return _RULES.get(kind, _UNREGISTERED)


def check_chat_may_manage(room: Chatroom) -> None:
    """Refuse a change of the room through chat's own routes when another feature owns it (a
    support room deleted here would take its ticket along; members added here would bypass the
    feature's rules)."""
    if rules_of(room.kind).owned:
        raise ApiError(
            ErrorCode.CONFLICT,
            f"Chat rooms of type {room.kind} are managed by the feature that owns them",
            {"ChatroomID": room.id, "Type": room.kind},
        )
