"""Classroom mode: a teacher's lesson drives every learner's device (pure Python, no UI).

``store`` keeps the state shared between kernels (SQLite or Redis), ``classes`` is the model
the presenter and learner pages use, ``qr`` draws the join address as a QR code.
"""

from tutor.classroom.classes import (
    CAPACITY,
    CLASS_SIZE,
    POLL_SECONDS,
    REVEAL_AT_ONCE,
    REVEAL_BY_TEACHER,
    Answer,
    ClassroomError,
    Classrooms,
    ClassSettings,
    Learner,
    LearnerView,
    Position,
    Result,
    Tally,
    Teacher,
)
from tutor.classroom.qr import join_qr_svg, join_url
from tutor.classroom.store import ClassStore, RedisStore, SQLiteStore, StoreUnavailable, open_store
from tutor.classroom.summary import ClassSummary, StepSummary

__all__ = [
    "CAPACITY",
    "CLASS_SIZE",
    "POLL_SECONDS",
    "REVEAL_AT_ONCE",
    "REVEAL_BY_TEACHER",
    "Answer",
    "ClassSettings",
    "ClassStore",
    "ClassSummary",
    "ClassroomError",
    "Classrooms",
    "Learner",
    "LearnerView",
    "Position",
    "RedisStore",
    "Result",
    "SQLiteStore",
    "StepSummary",
    "StoreUnavailable",
    "Tally",
    "Teacher",
    "join_qr_svg",
    "join_url",
    "open_store",
]
