"""A Python client for Venuely: log in over REST, then speak the realtime frame protocol.

Used by the tests, the load benchmark and anyone scripting an event:

    async with VenuelyClient("http://127.0.0.1:8000") as api:
        token = await api.login(event_id, "ada@example.com", "password")
        async with await api.connect(token) as socket:
            tmp_id = await socket.send_message(room_id, "Hello")
            notify = await socket.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
"""

from venuely.client.api import ApiError, VenuelyClient
from venuely.client.realtime import RealtimeSocket, ReconnectingSocket, SocketClosed

__all__ = ["ApiError", "RealtimeSocket", "ReconnectingSocket", "SocketClosed", "VenuelyClient"]
