import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "peerapp.settings")

import django  # noqa: E402

django.setup()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.core.asgi import get_asgi_application  # noqa: E402
from django.urls import path  # noqa: E402

from peerapp.consumers import RoomConsumer  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": get_asgi_application(),
        "websocket": URLRouter([path("ws/room/", RoomConsumer.as_asgi())]),
    }
)
