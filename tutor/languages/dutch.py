"""Dutch."""

from tutor.languages import Language, register

LANGUAGE = register(Language("nl", locale="nl", order=2, dictionary="nl"))
