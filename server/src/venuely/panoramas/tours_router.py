"""Serves stored tour versions read-only at their PanoURL, `/tours/{PanoID}/{Version}/...`."""

from __future__ import annotations

from fastapi import APIRouter

tours_router = APIRouter(tags=["tours"])
