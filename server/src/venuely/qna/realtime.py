"""The QUESTION_UPVOTE socket command (protocol/README.md §4, opcode 40).

The socket form of `PUT /events/{EventID}/sessions/{SessionID}/questions/{QuestionID}/vote`, for
storms. The caller is checked as REST checks it (`check_command_callers`), with the batch that
stores the upvote, every upvote of a batch in one statement; the same batch checks the session
and the question in REST's order (`upvotes.write_upvotes`). After the commit QUESTION_UPVOTE_NOTIFY
goes to the caller's person channel with the TmpID, so the connection that sent it knows it
counted. A refusal is raised as `ApiError`; the registry answers it with QUESTION_UPVOTE_ERROR
echoing QuestionID and TmpID.
"""

from __future__ import annotations

from venuely.qna.frames import UpvoteIn
from venuely.qna.upvotes import add_upvote, announce_upvote
from venuely.realtime.opcodes import Opcode
from venuely.realtime.registry import ConnectionContext, handles


@handles(Opcode.QUESTION_UPVOTE, UpvoteIn)
async def on_upvote(ctx: ConnectionContext, body: UpvoteIn) -> None:
    # Checked with the batch: reloaded per command, so a revoked token applies to the next one.
    outcome = await add_upvote(
        ctx.services, ctx.session_id, ctx.event_id, body.SessionID, body.QuestionID
    )
    await announce_upvote(ctx.services, outcome, tmp_id=body.TmpID)
