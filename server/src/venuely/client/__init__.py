"""A Python client for Venuely: log in over REST, then speak the realtime frame protocol.

Used by the tests, the load benchmark and anyone scripting an event. With `make run` serving the
demo, this script says hello in the demo's event chat (tests/e2e/test_client_example.py runs it):

    import asyncio

    from venuely.client import VenuelyClient
    from venuely.realtime import Opcode


    async def main() -> None:
        async with VenuelyClient("http://127.0.0.1:8000") as api:
            event = await api.get("/events/name/demo/metadata")
            login = await api.login(
                event["EventID"], "attendee@demo.venuely.example", "demo-attendee-pass"
            )
            # The event's broadcast room comes first in the attendee's rooms.
            rooms = await api.get(
                f"/events/{login.event_id}/activities/chatrooms/attendees/{login.person_id}",
                login.token,
            )
            async with await api.connect(login.token) as socket:
                tmp_id = await socket.send_message(rooms[0]["ID"], "Hello from a script")
                sent = await socket.wait_for(
                    Opcode.CHAT_MESSAGE_SEND_NOTIFY, lambda frame: frame.value["TmpID"] == tmp_id
                )
                print(sent.value["ID"], sent.value["Text"])


    asyncio.run(main())
"""

from venuely.client.api import ApiError, Login, VenuelyClient
from venuely.client.realtime import RealtimeSocket, ReconnectingSocket, SocketClosed

__all__ = [
    "ApiError",
    "Login",
    "RealtimeSocket",
    "ReconnectingSocket",
    "SocketClosed",
    "VenuelyClient",
]
