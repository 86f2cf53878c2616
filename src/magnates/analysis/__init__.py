"""The coach: every decision of a game judged from the deciding seat's view.

For one record (`review_record`) the coach estimates, at each decision, every seat's chance to win
with the move played and with the best move it finds, labels the move by what it cost (docs/analysis.md
gives the thresholds), and marks the turning points. It reads a seat's view only, never the hidden
state, so a review of a live or shared game tells nobody what they could not know.
"""

from __future__ import annotations

from magnates.analysis.cache import ReviewCache
from magnates.analysis.estimate import Coach, CoachSettings, DecisionEstimate, MoveEstimate
from magnates.analysis.labels import LABELS, accuracy, label_for
from magnates.analysis.review import DecisionReview, Review, review_record

__all__ = [
    "LABELS",
    "Coach",
    "CoachSettings",
    "DecisionEstimate",
    "DecisionReview",
    "MoveEstimate",
    "Review",
    "ReviewCache",
    "accuracy",
    "label_for",
    "review_record",
]
