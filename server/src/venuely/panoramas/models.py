"""Tables of the panoramas feature."""

from __future__ import annotations
