"""The organizer console's pre-publish check: what would go wrong for attendees, before they come.

`codes.py` is the closed set of findings (severity and fix screen per code), `runner.py` runs the
families of checks (`settings_checks`, `navigation`, `embeds`, `theme`, `agenda`), `router.py`
answers `GET /events/{EventID}/prepublish-check`, and `listing.py` refuses to list an event with
error findings. docs/subsystems/events.md ("Pre-publish check") has the rules.
"""
