"""The peer stack: the smallest Django project that broadcasts chat the way Venueless does —
a Channels consumer per socket, one channels_redis group per room, `group_send` per message.
Only for the benchmark: no database, no auth, debug off."""

import os

SECRET_KEY = "benchmark-peer-stack-not-secret"
DEBUG = False
ALLOWED_HOSTS = ["*"]
INSTALLED_APPS = ["channels"]
ROOT_URLCONF = "peerapp.urls"
DATABASES: dict[str, object] = {}
USE_TZ = True
ASGI_APPLICATION = "peerapp.asgi.application"
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {
            "hosts": [os.environ.get("PEER_REDIS_URL", "redis://127.0.0.1:6379/0")],
            # Room for bursts: channels_redis drops messages over a channel's capacity, and a
            # drop is what the benchmark should see only when the stack cannot keep up.
            "capacity": 1000,
            "prefix": os.environ.get("PEER_REDIS_PREFIX", "peerbench"),
        },
    }
}
