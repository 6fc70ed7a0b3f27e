"""HTTP routes for admin rights."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(tags=["admins"])
