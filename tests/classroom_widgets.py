"""A class on the classroom pages' widgets without a browser: a teacher's presenter page starts
one on a lesson, learners' pages join it; each page opened with the message its browser side sends."""

from widget_text import text_of

from widgets.classroom.follower import Follower
from widgets.classroom.presenter import Presenter

GAME, LESSON = "monster-trick", "03-where-may-a-card-go"  # its question comes at step 2
HREF = "http://192.168.1.20:8866/voila/render/classroom/teach.ipynb"


def hello(**kwargs) -> dict:
    """The message a classroom page's browser side opens with (a projector's, unless ``kwargs`` say otherwise)."""
    return {"href": HREF, "query": {}, "stored": None, "languages": ["en-GB", "en"], "width": 1920, **kwargs}


def start_class(classrooms, reveal="teacher") -> Presenter:
    """A teacher's presenter page with a class started on GAME's LESSON."""
    presenter = Presenter(classrooms)
    presenter.opened(hello())
    presenter.game.value = GAME
    presenter.lesson.value = LESSON
    presenter.reveal.value = reveal
    presenter.start()
    assert presenter.teacher is not None, text_of(presenter)
    return presenter


def join(classrooms, code, name, **opened) -> Follower:
    """A learner's page (a phone's) joined to the class ``code`` as ``name``."""
    follower = Follower(classrooms)
    follower.opened(hello(width=390, **opened))
    follower.code.value, follower.name.value = code, name
    follower.join()
    assert follower.learner is not None, text_of(follower)
    return follower
