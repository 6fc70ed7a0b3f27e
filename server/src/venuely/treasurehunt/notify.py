"""Who hears about a change, after its commit: TREASURE_HUNT_RANKING_NOTIFY on the event's
channel, coalesced per hunt, and the rewritten attendee variables to their person's sockets.

The board is an aggregate under a storm (10,000 attendees finding items in the same minutes), so
nothing publishes per find: every committed change marks its hunt on the process's coalescer
(`core/background.py`), and once per `INTERVAL` each marked hunt's top is read again and sent
as one frame to every connection of the event. `Version` is the time of that read (taken just
before it): a frame read later shows at least every change committed before, so a client keeps
the highest. The variables (`Var_User_Game_01`) go out at once, each to its one person, as the
pano-variables route does (`panoramas.sync.publish_attendee_vars`).
"""

from __future__ import annotations

from venuely.core.background import Coalescer
from venuely.core.services import Services
from venuely.panoramas.sync import publish_attendee_vars
from venuely.realtime.hub import event_channel
from venuely.realtime.opcodes import Opcode
from venuely.realtime.publish import publish
from venuely.treasurehunt.frames import RankingNotice
from venuely.treasurehunt.rankings import ANYONE, TOP, page, ranked_count
from venuely.treasurehunt.scores import Changes

# Two boards a second per hunt: each frame costs one delivery per socket of the event.
INTERVAL = 0.5
COALESCER = "treasurehunt.rankings"
Board = tuple[str, str]  # (event id, hunt id)


async def read_board(services: Services, event_id: str, hunt_id: str) -> RankingNotice:
    """The hunt's top as an attendee sees it (hidden names blanked), read now."""
    version = int(services.clock.now().timestamp() * 1000)
    async with services.db.session() as session:
        top = await page(session, event_id, hunt_id, ANYONE, None, TOP)
        count = await ranked_count(session, event_id, hunt_id)
    return RankingNotice(EventID=event_id, HuntID=hunt_id, Top=top, Ranked=count, Version=version)


async def publish_board(services: Services, board: Board) -> None:
    event_id, hunt_id = board
    notice = await read_board(services, event_id, hunt_id)
    channel = event_channel(event_id)
    await publish(services.hub, channel, Opcode.TREASURE_HUNT_RANKING_NOTIFY, notice)


def board_ticker(services: Services) -> Coalescer[Board]:
    """This process's coalescer of boards; `mark((event_id, hunt_id))` after a commit."""

    async def flush(board: Board) -> None:
        await publish_board(services, board)

    return services.background.coalescer(COALESCER, INTERVAL, flush)


async def deliver(services: Services, changes: Changes) -> None:
    """After the commit: the variables to their people now, the board at the next tick."""
    for person_id, state in changes.pano_vars.items():
        await publish_attendee_vars(services, changes.event_id, person_id, state)
    if changes.board:
        board_ticker(services).mark((changes.event_id, changes.hunt_id))
