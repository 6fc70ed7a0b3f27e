"""The HTTP peer of the reads scenario (`http_reads.py`): FastAPI with one route and nothing
else — no middleware, no dependencies, no database — answering a JSON document the size of an
event's metadata. Served by the same uvicorn as Venuely, on the same core, it is the ceiling a
FastAPI read can reach on this machine, to read Venuely's figures against."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

app = FastAPI()

_DOCUMENT: dict[str, Any] = {
    "EventID": "6650a1b2c3d4e5f601234567",
    "InternalName": "bench",
    "Title": "Benchmark",
    "DateBeginUTC": "2026-11-28T08:00:00Z",
    "DateEndUTC": "2026-11-29T18:00:00Z",
    "TimeZone": "Europe/Berlin",
    "DefaultLanguage": "en",
    "Languages": ["en", "de", "fr", "es", "it"],
    "IsRestricted": False,
    "PanoURL": "",
}


@app.get("/plain")
async def plain() -> dict[str, Any]:
    return _DOCUMENT
