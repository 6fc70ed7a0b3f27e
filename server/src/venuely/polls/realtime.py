"""The POLL_VOTE socket command (protocol/README.md §4, opcode 24).

The socket form of `PUT /events/{EventID}/polls/{PollID}/ballot`: the caller is reloaded and
checked as REST checks it (`check_event_member` on the socket's event), the same service stores
the ballot and commits, and only then is POLL_BALLOT_NOTIFY published to the caller's person
channel, carrying the TmpID so the connection that voted knows its ballot counted. A refusal is
raised as `ApiError`; the registry answers it with POLL_VOTE_ERROR echoing PollID and TmpID.
"""

from __future__ import annotations

from venuely.accounts.permissions import check_event_member, load_event
from venuely.accounts.socket import session_principal
from venuely.polls import ballots
from venuely.polls.frames import VoteIn
from venuely.realtime.opcodes import Opcode
from venuely.realtime.registry import ConnectionContext, handles


@handles(Opcode.POLL_VOTE, VoteIn)
async def on_vote(ctx: ConnectionContext, body: VoteIn) -> None:
    async with ctx.services.db.session() as session:
        # Reloaded per command, so a revoked token or a changed role applies to the next one.
        principal = await session_principal(session, ctx.services, ctx.session_id)
        access = await check_event_member(
            session, principal, await load_event(session, ctx.event_id)
        )
        outcome = await ballots.cast_ballot(
            session, ctx.services, access, body.PollID, body.OptionIDs, body.Other
        )
    await ballots.announce_ballot(ctx.services, outcome, tmp_id=body.TmpID)
