"""HTTP routes of the proxy feature."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(tags=["proxy"])
