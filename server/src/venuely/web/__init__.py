"""Serving the built web app (web/dist) from the Python server."""
