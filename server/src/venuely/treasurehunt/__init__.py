"""Treasure hunt rankings: attendees ranked by their game score variable."""
