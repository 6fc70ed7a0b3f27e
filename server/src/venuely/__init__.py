"""Venuely: an open-source virtual and hybrid events platform (server)."""

__version__ = "0.1.0"
