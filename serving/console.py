"""A quiet console for the person who starts the tutor: the address to open, how to stop
it, when the learn page's kernels are ready for a class, and real problems; none of Voila's
and Jupyter's routine lines.

voila.json attaches ``Friendly`` to the console handler (``Voila.logging_config``).
"""

from __future__ import annotations

import logging

from babel.core import default_locale, negotiate_locale

from tutor.messages import DEFAULT_LANGUAGE
from widgets.pages import CLASS_PAGE, LANGUAGES, text

READY = "Voilà is running at:"
STOPPING = "Stopping..."
class_page = CLASS_PAGE  # the page whose filled pool says a class can come (TutorKernelManager.class_page)
# Warnings that ask nothing of the person running the tutor.
ROUTINE = (
    "is not trusted",  # notebooks are the project's own, run as they are
    "websocket_ping_timeout",  # Jupyter's and Tornado's defaults disagree; harmless
    "Culling ",  # a kernel left idle, shut down as configured
    "wrote error:",  # the 403 or 503 answer itself is logged too
    "503 GET",  # a busy page: TutorKernelManager says so once a minute
    "exception=WebSocketClosedError()",  # a page closed while the server was writing to it
)


def console_language() -> str:
    """The language of whoever reads the console, from the usual locale variables."""
    found = default_locale(["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"])
    return (negotiate_locale([found], LANGUAGES) if found else None) or DEFAULT_LANGUAGE


class Friendly(logging.Filter):
    def __init__(self):
        super().__init__()
        self.ready_said = False  # the learn page's pool is full: said once, not at each refill

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        language = console_language()
        if message.startswith(READY):
            address = message.removeprefix(READY).strip()
            record.msg = "\n".join(
                [text(language, "publish.console.ready", url=address), text(language, "publish.console.stop")]
            )
            record.args = ()
            return True
        pool_filled = f"Kernel pool of {class_page} is filled with "  # Voila's line, each time the pool is full again
        if message.startswith(pool_filled):
            if self.ready_said:
                return False
            self.ready_said = True
            count = message.removeprefix(pool_filled).split()[0]
            record.msg, record.args = text(language, "publish.console.pool-ready", count=count), ()
            return True
        if message == STOPPING:
            record.msg, record.args = text(language, "publish.console.stopped"), ()
            return True
        if record.levelno < logging.WARNING:
            return False
        return not any(routine in message for routine in ROUTINE)
