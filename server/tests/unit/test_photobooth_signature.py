"""The photobooth signature is the spec's formula (attendee-app.md §7) on known inputs.

The digest below was computed once from the concatenation "summer-gala" + "attendee@example.com"
+ "s3cr3t-key"; the web app's link tests use the same value, so both sides agree on one vector.
"""

from venuely.events.pages import photobooth_signature

KNOWN = "32b5abacaa9dd0b82cc77439909f87a90ca59dd04f0b9bc5038726ccb3afa6ae"


def test_signature_of_known_inputs() -> None:
    assert photobooth_signature("summer-gala", "attendee@example.com", "s3cr3t-key") == KNOWN


def test_each_part_changes_the_signature() -> None:
    assert photobooth_signature("summer-galb", "attendee@example.com", "s3cr3t-key") != KNOWN
    assert photobooth_signature("summer-gala", "attendee@example.org", "s3cr3t-key") != KNOWN
    assert photobooth_signature("summer-gala", "attendee@example.com", "s3cr3t-kez") != KNOWN
