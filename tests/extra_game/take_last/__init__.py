"""Take the Last: players take one to three cards from a pile in turn; whoever takes the
last card wins. Registered by the tests (tests/test_extra_game.py), not by the tutor."""

from tutor.games import Game

GAME = Game("take-last", __name__, order=99)
