"""The POLL_VOTE socket command (protocol/README.md §4, opcode 24).

The socket form of `PUT /events/{EventID}/polls/{PollID}/ballot`. The caller is reloaded and
checked as REST checks it (`check_command_callers`: the session, then membership of the
socket's event), with the batch that stores the ballot, every ballot of the batch in one
statement: a vote storm runs this thousands of times a second. The same service stores the
ballot and commits, and only then is POLL_BALLOT_NOTIFY published to the caller's person
channel, carrying the TmpID so the connection that voted knows its ballot counted. A refusal is
raised as `ApiError`; the registry answers it with POLL_VOTE_ERROR echoing PollID and TmpID.
"""

from __future__ import annotations

from venuely.polls import ballots, casting
from venuely.polls.frames import VoteIn
from venuely.realtime.opcodes import Opcode
from venuely.realtime.registry import ConnectionContext, handles


@handles(Opcode.POLL_VOTE, VoteIn)
async def on_vote(ctx: ConnectionContext, body: VoteIn) -> None:
    # The caller is checked with the batch that stores the ballot: reloaded per command, so a
    # revoked token or a changed role applies to the next one.
    outcome = await casting.cast_ballot(
        ctx.services, ctx.session_id, ctx.event_id, body.PollID, body.OptionIDs, body.Other
    )
    await ballots.announce_ballot(ctx.services, outcome, tmp_id=body.TmpID)
