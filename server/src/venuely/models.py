"""Imports every feature's models so `Base.metadata` is complete (migrations, test schemas)."""

from __future__ import annotations


def import_all_models() -> None:
    import venuely.accounts.models
    import venuely.activities.models
    import venuely.admins.models
    import venuely.agenda.models
    import venuely.analytics.models
    import venuely.breakouts.models
    import venuely.chat.models
    import venuely.core.ratelimit
    import venuely.events.models
    import venuely.events.pages_models
    import venuely.files.models
    import venuely.helpdesk.models
    import venuely.identity.models
    import venuely.locations.models
    import venuely.media.models
    import venuely.panoramas.models
    import venuely.people.models
    import venuely.polls.models
    import venuely.privacy.models
    import venuely.qna.models
    import venuely.relations.models
    import venuely.themes.models
    import venuely.treasurehunt.models
    import venuely.vfiles.models
    import venuely.vtables.models
    import venuely.walloffame.models  # noqa: F401
