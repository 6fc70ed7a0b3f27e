"""How a stored file appears on the wire: a same-origin URL and its SHA-256 (the names the web
app reads in FontAssets and MediaAssets, attendee-app.md §3)."""

from __future__ import annotations

from pydantic import BaseModel


class FileRef(BaseModel):
    url: str
    hash: str
