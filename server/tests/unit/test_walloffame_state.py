"""The moderation rules (walloffame/state.py), transition by transition; the HTTP tests drive
the same rules through the routes."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from venuely.core.errors import ApiError
from venuely.walloffame import state
from venuely.walloffame.models import ReviewState, WallOfFameReview

T0 = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
T1 = T0 + timedelta(hours=1)
P, A, R = ReviewState.PENDING, ReviewState.APPROVED, ReviewState.REJECTED


def _review(status: ReviewState, *, featured: bool = False, reason: str = "") -> WallOfFameReview:
    return WallOfFameReview(
        row_id="p",
        event_id="e",
        state=status.value,
        reason=reason,
        featured=featured,
        submitted_at=T0,
        reviewed_at=None if status is P else T0,
        reviewed_by=None if status is P else "organizer",
    )


@pytest.mark.parametrize(
    ("required", "by_admin", "first"),
    [(True, False, P), (True, True, A), (False, False, A), (False, True, A)],
)
def test_first_state(required: bool, by_admin: bool, first: ReviewState) -> None:
    assert state.first_state(review_required=required, by_admin=by_admin) is first


@pytest.mark.parametrize(
    ("before", "required", "after"),
    [(P, True, P), (A, True, P), (R, True, P), (P, False, P), (A, False, A), (R, False, P)],
)
def test_the_authors_edit(before: ReviewState, required: bool, after: ReviewState) -> None:
    review = _review(before, featured=before is A, reason="No" if before is R else "")
    changed = state.on_author_edit(review, review_required=required, at=T1)
    assert review.state == after
    assert changed is (before != after)
    if changed:
        # Back in the queue as of now, nothing left of the last decision.
        assert (review.submitted_at, review.reason, review.featured) == (T1, "", False)
        assert (review.reviewed_at, review.reviewed_by) == (None, None)
    else:
        assert review.submitted_at == T0  # a pending one keeps its place in the queue


@pytest.mark.parametrize("before", [P, R])
def test_approve(before: ReviewState) -> None:
    review = _review(before, reason="No" if before is R else "")
    state.on_approve(review, "olivia", T1)
    assert (review.state, review.reason, review.reviewed_at, review.reviewed_by) == (
        A,
        "",
        T1,
        "olivia",
    )


@pytest.mark.parametrize("before", [P, A])
def test_reject(before: ReviewState) -> None:
    review = _review(before, featured=before is A)
    state.on_reject(review, "Broken link", "olivia", T1)
    assert (review.state, review.reason, review.featured, review.reviewed_at) == (
        R,
        "Broken link",
        False,
        T1,
    )


@pytest.mark.parametrize(
    ("before", "step"),
    [
        (A, lambda r: state.on_approve(r, "olivia", T1)),
        (R, lambda r: state.on_reject(r, "Again", "olivia", T1)),
        (P, lambda r: state.on_feature(r, True)),
        (R, lambda r: state.on_feature(r, True)),
    ],
)
def test_steps_that_make_no_sense_are_refused_unchanged(
    before: ReviewState, step: Callable[[WallOfFameReview], object]
) -> None:
    review = _review(before, reason="No" if before is R else "")
    snapshot = (review.state, review.reason, review.featured, review.reviewed_at)
    with pytest.raises(ApiError) as refused:
        step(review)
    assert refused.value.code == "WALLOFFAME_INVALID_STATE"
    assert refused.value.data == {"ProjectID": "p", "State": before.value}
    assert (review.state, review.reason, review.featured, review.reviewed_at) == snapshot


def test_featuring() -> None:
    review = _review(A)
    assert state.on_feature(review, True) is True
    assert state.on_feature(review, True) is False  # already featured: no change
    assert state.on_feature(review, False) is True
    pending = _review(P)
    assert state.on_feature(pending, False) is False  # unfeaturing is allowed in every state
