"""24-hex, time-ordered identifiers shaped like a MongoDB ObjectId.

Layout: 4 bytes of Unix seconds, 5 random bytes fixed per process, 3-byte counter. Within one
process ids strictly increase (the counter restarts at a small random value each new second and,
should 16M ids be made in one second, borrows the next second), so list endpoints can page by id.
Across processes ids are ordered to the second and never collide thanks to the random part.
"""

from __future__ import annotations

import os
import re
import secrets
import threading
import time
from typing import Annotated

from pydantic import StringConstraints

NULL_ID = "0" * 24
# The one spelling of an id's shape: body fields use `Id`, path and query parameters pass
# `ID_PATTERN` to FastAPI's `Path`/`Query` (they take a pattern, not an annotated type).
ID_PATTERN = r"^[0-9a-f]{24}$"
Id = Annotated[str, StringConstraints(pattern=ID_PATTERN)]
_ID_RE = re.compile(ID_PATTERN)
_COUNTER_LIMIT = 1 << 24

_lock = threading.Lock()
_state = {"pid": os.getpid(), "seconds": 0, "count": 0}
_process_random = secrets.token_bytes(5)


def new_id(now: float | None = None) -> str:
    global _process_random
    seconds = int(time.time() if now is None else now)
    with _lock:
        if os.getpid() != _state["pid"]:  # forked worker: never share a sequence with the parent
            _state.update(pid=os.getpid(), seconds=0, count=0)
            _process_random = secrets.token_bytes(5)
        if seconds > _state["seconds"]:
            _state["seconds"] = seconds
            _state["count"] = secrets.randbelow(1 << 20)
        else:
            _state["count"] += 1
            if _state["count"] >= _COUNTER_LIMIT:
                _state["seconds"] += 1
                _state["count"] = 0
        seconds, count = _state["seconds"], _state["count"]
    return (
        (seconds & 0xFFFFFFFF).to_bytes(4, "big") + _process_random + count.to_bytes(3, "big")
    ).hex()


def is_valid_id(value: str) -> bool:
    return bool(_ID_RE.match(value))
