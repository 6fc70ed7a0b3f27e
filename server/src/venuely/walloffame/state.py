"""The moderation rules, as plain functions of a project's review row (the contract's, item by
item).

    submitted ──(review on, by an attendee)──► pending ──approve──► approved ◄─┐
        └──(review off, or by an organizer)──────────────────────► approved   │
    pending ──reject(reason)──► rejected ──approve─────────────────────────────┘
    approved ──reject(reason)──► rejected          approved ──feature on/off──► approved
    the author edits: rejected, or approved while review is on ──► pending

Callers have checked who may act (`access.py`); these functions move the state and its times,
say whether anything changed (an unchanged project is not announced), and refuse a decision
that makes no sense for the state it finds (409 WALLOFFAME_INVALID_STATE).
"""

from __future__ import annotations

from datetime import datetime

from venuely.core.errors import ApiError, ErrorCode
from venuely.walloffame.models import ReviewState, WallOfFameReview


def invalid_state(review: WallOfFameReview, action: str) -> ApiError:
    return ApiError(
        ErrorCode.WALLOFFAME_INVALID_STATE,
        f"A {review.state} project cannot be {action}",
        {"ProjectID": review.row_id, "State": review.state},
    )


def first_state(*, review_required: bool, by_admin: bool) -> ReviewState:
    """A new project: organizers' and those of an event without review go straight up."""
    return ReviewState.APPROVED if by_admin or not review_required else ReviewState.PENDING


def _to_pending(review: WallOfFameReview, at: datetime) -> None:
    review.state = ReviewState.PENDING.value
    review.reason, review.featured = "", False
    review.submitted_at = at
    review.reviewed_at = review.reviewed_by = None


def on_author_edit(review: WallOfFameReview, *, review_required: bool, at: datetime) -> bool:
    """The author changed the project (fields or pictures). A rejected one goes back to the
    queue; an approved one too while the event reviews, since what organizers approved is no
    longer what is shown. A pending one keeps its place in the queue."""
    if review.state == ReviewState.REJECTED or (
        review.state == ReviewState.APPROVED and review_required
    ):
        _to_pending(review, at)
        return True
    return False


def on_approve(review: WallOfFameReview, by: str, at: datetime) -> None:
    if review.state == ReviewState.APPROVED:
        raise invalid_state(review, "approved again")
    review.state = ReviewState.APPROVED.value
    review.reason = ""
    review.reviewed_at, review.reviewed_by = at, by


def on_reject(review: WallOfFameReview, reason: str, by: str, at: datetime) -> None:
    """Pending or approved (taking a published project down); the reason is the author's to
    read. Rejecting a rejected project again is refused: nothing would change for anyone."""
    if review.state == ReviewState.REJECTED:
        raise invalid_state(review, "rejected again")
    review.state = ReviewState.REJECTED.value
    review.reason, review.featured = reason, False
    review.reviewed_at, review.reviewed_by = at, by


def on_feature(review: WallOfFameReview, featured: bool) -> bool:
    """Only an approved project can be featured (it is the gallery's); taking the flag off is
    allowed in every state, as it is off anyway outside `approved`."""
    if featured and review.state != ReviewState.APPROVED:
        raise invalid_state(review, "featured")
    changed = review.featured != featured
    review.featured = featured
    return changed
