"""HTTP routes of the vtables feature."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(tags=["vtables"])
