"""One consumer per socket: join the room's group, and relay every received text to the group.

The text is the load generator's JSON (`{"room": ..., "text": ...}`, the same text size as the
Venuely run); it is parsed and re-serialised once per message as a chat server would, then every
member's consumer receives it from Redis and writes it to its socket."""

import json

from channels.generic.websocket import AsyncWebsocketConsumer

GROUP = "room"


class RoomConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        await self.channel_layer.group_add(GROUP, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(GROUP, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data is None:
            return
        message = json.loads(text_data)
        await self.channel_layer.group_send(
            GROUP, {"type": "chat.message", "room": message["room"], "text": message["text"]}
        )

    async def chat_message(self, event: dict[str, str]) -> None:
        await self.send(text_data=json.dumps({"room": event["room"], "text": event["text"]}))
