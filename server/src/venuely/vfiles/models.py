"""Tables of the vfiles feature."""

from __future__ import annotations
