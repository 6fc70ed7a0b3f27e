"""HTTP routes for customers' events, metadata, whitelist, values and menu."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(tags=["events"])
