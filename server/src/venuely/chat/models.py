"""Chat rooms, their messages and per-person read status.

Reactions and mutes are per person: `ChatMessageReaction` (one Like or Dislike per member and
message, the message's counters being their count) and `ChatMute` (whom a person muted or
blocked in an event).

Membership is not a table of its own: the broadcast room admits every member of its event
(no 10,000 relation rows), direct and group rooms list their members as `Relation` rows
(parent "Chatroom", type `ChatroomAttendee`, child "Person"), as do their admins and moderators.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import (
    Boolean,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base, id_column
from venuely.core.ids import NULL_ID

BROADCAST = "broadcast"


class ChatroomKind(StrEnum):
    BROADCAST = "broadcast"
    DIRECT = "direct"
    GROUP = "group"
    # A help desk conversation (helpdesk/): made, given members and ruled by that feature
    # through `kinds.py`; chat's own routes never make one.
    SUPPORT = "support"


def direct_internal_name(person_a: str, person_b: str) -> str:
    """The pair key of a direct chat: the same for (a, b) and (b, a), so it is reused."""
    first, second = sorted((person_a, person_b))
    return f"direct:{first}:{second}"


def direct_pair(room: Chatroom) -> tuple[str, str] | None:
    """The two persons of a direct chat, from its name; None for any other room."""
    kind, _, rest = room.internal_name.partition(":")
    first, _, second = rest.partition(":")
    if kind != ChatroomKind.DIRECT.value or not first or not second:
        return None
    return first, second


class Chatroom(Base):
    __tablename__ = "chatrooms"
    # One name per event: this makes "exactly one broadcast room" and "one direct chat per pair"
    # database guarantees that also settle concurrent creations.
    __table_args__ = (UniqueConstraint("event_id", "internal_name", name="uq_chatrooms_name"),)

    id: Mapped[str] = id_column()
    event_id: Mapped[str] = mapped_column(String(24), ForeignKey("events.id", ondelete="CASCADE"))
    title: Mapped[str] = mapped_column(String(100), default="")
    # "broadcast", "direct:<a>:<b>" (sorted person ids), "group:<room id>", or a name another
    # feature gives its rooms ("breakout:<room id>", "support:<ticket id>").
    internal_name: Mapped[str] = mapped_column(String(120))
    kind: Mapped[str] = mapped_column(String(16))
    is_private: Mapped[bool] = mapped_column(Boolean, default=False)
    created_by: Mapped[str] = mapped_column(String(24), default=NULL_ID)
    # The room's message sequence: new ids are allocated above it under a row lock.
    last_message_id: Mapped[str] = mapped_column(String(24), default=NULL_ID)
    created_at: Mapped[datetime]


class ChatMessage(Base):
    __tablename__ = "chat_messages"
    __table_args__ = (
        # Idempotent sends: a retried TmpID finds the stored message instead of adding a row.
        UniqueConstraint("sender_id", "tmp_id", name="uq_chat_messages_tmp_id"),
    )

    # Ids are unique within their room (the primary key's first column), which is all the
    # protocol promises; an id derived as "last + 1" may thus equal one in another room.
    chatroom_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("chatrooms.id", ondelete="CASCADE"), primary_key=True
    )
    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    event_id: Mapped[str] = mapped_column(String(24), ForeignKey("events.id", ondelete="CASCADE"))
    # None once the sender's account is erased (privacy/erase.py): the text stays for the others
    # in the room, who see "Deleted user"; nothing else names the person any more.
    sender_id: Mapped[str | None] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="SET NULL")
    )
    tmp_id: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    replied_to_message_id: Mapped[str | None] = mapped_column(String(24), default=None)
    like_count: Mapped[int] = mapped_column(Integer, default=0)
    dislike_count: Mapped[int] = mapped_column(Integer, default=0)
    is_deleted_by_author: Mapped[bool] = mapped_column(Boolean, default=False)
    is_banned: Mapped[bool] = mapped_column(Boolean, default=False)
    # Who hid it (author or moderator); kept for moderation records, never sent to clients.
    deleted_by: Mapped[str | None] = mapped_column(String(24), default=None)
    created_at: Mapped[datetime]
    edited_at: Mapped[datetime | None] = mapped_column(default=None)

    @property
    def is_hidden(self) -> bool:
        return self.is_deleted_by_author or self.is_banned


class ChatPersonStatus(Base):
    """How far a person has read in a room; only ever moves forward."""

    __tablename__ = "chat_person_status"
    __table_args__ = (
        UniqueConstraint("person_id", "chatroom_id", name="uq_chat_person_status"),
        Index("ix_chat_person_status_room", "chatroom_id"),
    )

    id: Mapped[str] = id_column()
    event_id: Mapped[str] = mapped_column(String(24), ForeignKey("events.id", ondelete="CASCADE"))
    person_id: Mapped[str] = mapped_column(String(24), ForeignKey("persons.id", ondelete="CASCADE"))
    chatroom_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("chatrooms.id", ondelete="CASCADE")
    )
    last_read_chat_message_id: Mapped[str] = mapped_column(String(24), default=NULL_ID)
    created: Mapped[datetime]
    updated: Mapped[datetime]


class ReactionKind(StrEnum):
    LIKE = "Like"
    DISLIKE = "Dislike"


class ChatMessageReaction(Base):
    """One person's reaction to one message. The message's `like_count`/`dislike_count` are the
    number of these rows by kind, changed only under the room's lock (reactions.py)."""

    __tablename__ = "chat_message_reactions"
    # A message is identified by its room and id (ids are unique within their room only).
    __table_args__ = (
        ForeignKeyConstraint(
            ["chatroom_id", "message_id"],
            ["chat_messages.chatroom_id", "chat_messages.id"],
            ondelete="CASCADE",
        ),
    )

    chatroom_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    message_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    person_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="CASCADE"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String(8))


class ChatMute(Base):
    """`person_id` muted (`blocked` False) or blocked `muted_id` in the event: the muter no
    longer receives the other's messages; a block also stops direct chat between the two."""

    __tablename__ = "chat_mutes"
    # "Who blocked X" (a direct chat, a group invitation) reads by the muted person.
    __table_args__ = (Index("ix_chat_mutes_muted", "event_id", "muted_id"),)

    event_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    person_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="CASCADE"), primary_key=True
    )
    muted_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("persons.id", ondelete="CASCADE"), primary_key=True
    )
    blocked: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime]
