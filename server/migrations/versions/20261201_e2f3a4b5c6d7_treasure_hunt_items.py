"""treasurehunt: items hidden at tour nodes, finds and server-computed scores

Revision ID: e2f3a4b5c6d7
Revises: d1e2f3a4b5c6
Create Date: 2026-12-01 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import context, op
from sqlalchemy.dialects import postgresql

import venuely.core.db

revision: str = "e2f3a4b5c6d7"
down_revision: str | None = "d1e2f3a4b5c6"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

GAME_SCORE_KEY = "Var_User_Game_01"


def upgrade() -> None:
    op.create_table(
        "treasure_hunt_items",
        sa.Column("id", sa.String(length=24), nullable=False),
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("hunt_id", sa.String(length=24), nullable=False),
        sa.Column("node_id", sa.String(length=64), nullable=False),
        sa.Column("yaw", sa.Float(), nullable=False),
        sa.Column("pitch", sa.Float(), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("clue", sa.String(length=500), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("sort", sa.Integer(), nullable=False),
        sa.Column("created_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("treasure_hunt_items", schema=None) as batch_op:
        batch_op.create_index(
            "ix_treasure_hunt_items_hunt", ["event_id", "hunt_id", "sort"], unique=False
        )

    op.create_table(
        "treasure_hunt_finds",
        sa.Column("item_id", sa.String(length=24), nullable=False),
        sa.Column("person_id", sa.String(length=24), nullable=False),
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("hunt_id", sa.String(length=24), nullable=False),
        sa.Column("found_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["item_id"], ["treasure_hunt_items.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["person_id"], ["persons.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("item_id", "person_id"),
    )
    with op.batch_alter_table("treasure_hunt_finds", schema=None) as batch_op:
        batch_op.create_index(
            "ix_treasure_hunt_finds_person", ["event_id", "hunt_id", "person_id"], unique=False
        )

    op.create_table(
        "treasure_hunt_scores",
        sa.Column("event_id", sa.String(length=24), nullable=False),
        sa.Column("hunt_id", sa.String(length=24), nullable=False),
        sa.Column("person_id", sa.String(length=24), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("found", sa.Integer(), nullable=False),
        sa.Column("scored_at", venuely.core.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("hidden", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["person_id"], ["persons.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("event_id", "hunt_id", "person_id"),
    )
    with op.batch_alter_table("treasure_hunt_scores", schema=None) as batch_op:
        batch_op.create_index(
            "ix_treasure_hunt_scores_rank",
            ["event_id", "hunt_id", sa.text("score DESC"), "scored_at", "person_id"],
            unique=False,
        )

    _forget_self_set_scores()


def _forget_self_set_scores() -> None:
    """Until now attendees wrote their own score; from here on the server does. Scores stored
    before were anyone's claim, so they go: the column to 0 and the variable out of the maps
    (the server writes it again at the person's next find in the event's main hunt)."""
    op.execute("UPDATE attendee_pano_vars SET game_score = 0")
    if context.is_offline_mode():
        return  # the maps are rewritten row by row, which a SQL script cannot express portably
    json_type = sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql")
    table = sa.table(
        "attendee_pano_vars",
        sa.column("event_id", sa.String),
        sa.column("person_id", sa.String),
        sa.column("state", json_type),
    )
    connection = op.get_bind()
    rows = connection.execute(sa.select(table.c.event_id, table.c.person_id, table.c.state))
    for event_id, person_id, state in rows.all():
        if isinstance(state, dict) and GAME_SCORE_KEY in state:
            kept = {key: value for key, value in state.items() if key != GAME_SCORE_KEY}
            connection.execute(
                table.update()
                .where(table.c.event_id == event_id, table.c.person_id == person_id)
                .values(state=kept)
            )


def downgrade() -> None:
    # The pano variables keep the server's last scores: nothing to give back.
    with op.batch_alter_table("treasure_hunt_scores", schema=None) as batch_op:
        batch_op.drop_index("ix_treasure_hunt_scores_rank")

    op.drop_table("treasure_hunt_scores")
    with op.batch_alter_table("treasure_hunt_finds", schema=None) as batch_op:
        batch_op.drop_index("ix_treasure_hunt_finds_person")

    op.drop_table("treasure_hunt_finds")
    with op.batch_alter_table("treasure_hunt_items", schema=None) as batch_op:
        batch_op.drop_index("ix_treasure_hunt_items_hunt")

    op.drop_table("treasure_hunt_items")
