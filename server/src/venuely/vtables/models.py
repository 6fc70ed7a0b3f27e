"""Tables of the vtables feature."""

from __future__ import annotations
