"""A page's kernel on a public address: the browser may click and type in the page's own
widgets, but not make new ones, and whatever goes wrong in Python stays in the server's log.

In a kernel, ipykernel sends ``sys.stderr`` to the page (and, with ``capture_fd_output``,
what is written to file descriptor 2 as well), and ipywidgets answers an exception in a
widget's message handler with ``showtraceback``: an ``error`` message on iopub that names
the server's paths and the libraries' versions. Here both go to the kernel's own stderr,
which is the server's console and log. ``log`` is the logger the widgets use for that.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

log = logging.getLogger("tutor")

WIDGET_TARGET = "jupyter.widget"  # the comm target on which a front end asks the kernel for a new widget


def server_stderr() -> TextIO:
    """The kernel process's real stderr: ipykernel keeps a copy of file descriptor 2 when it
    forwards that descriptor to the page; elsewhere it is ``sys.__stderr__``."""
    copy = getattr(sys.stderr, "_original_stdstream_copy", None)
    if isinstance(copy, int):  # kept open: the log writes to it for as long as the kernel lives
        return open(os.dup(copy), "w", buffering=1, encoding="utf-8", errors="replace")
    return sys.__stderr__ or sys.stderr


class Sparing(logging.Filter):
    """At most ``LINES`` lines every ``SECONDS`` from one kernel: a visitor's flood of bad
    messages must not fill the server's disk. The lines left out are counted in the next one."""

    LINES, SECONDS = 20, 10.0

    def __init__(self) -> None:
        super().__init__()
        self.since, self.said, self.left_out = time.monotonic(), 0, 0

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        if now - self.since > self.SECONDS:
            if self.left_out:  # said by the handler's format, not in the record others read
                record.left_out = self.left_out
            self.since, self.said, self.left_out = now, 0, 0
        self.said += 1
        if self.said > self.LINES:
            self.left_out += 1
            return False
        return True


class Counting(logging.Formatter):
    """The server log's lines, each followed by the count of lines Sparing left out before it."""

    def formatMessage(self, record: logging.LogRecord) -> str:  # before any traceback
        line = super().formatMessage(record)
        left_out = getattr(record, "left_out", 0)
        return f"{line} ({left_out} lines left out before this one)" if left_out else line


@functools.cache
def server_log() -> logging.Handler:
    handler = logging.StreamHandler(server_stderr())
    handler.setFormatter(Counting("[%(name)s] %(levelname)s %(message)s"))
    handler.addFilter(Sparing())
    return handler


def _send_to_server_log(logger: logging.Logger) -> None:
    if server_log() not in logger.handlers:
        logger.addHandler(server_log())
    logger.propagate = False


_send_to_server_log(log)


@functools.cache
def guard_kernel() -> None:
    """Once per kernel, before a page is built: refuse widgets that the browser asks for and
    clicks on buttons that cannot be clicked, and send tracebacks and the comm machinery's
    complaints to the server's log."""
    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is None or getattr(shell, "kernel", None) is None:  # plain Python, or a terminal IPython
        return
    from comm import get_comm_manager

    manager = get_comm_manager()
    if manager is not None:
        manager.register_target(WIDGET_TARGET, _refuse_widget)  # replaces ipywidgets' own
    guard_buttons()
    guard_updates()
    for name in ("Comm", "ipykernel.comm"):  # where errors in comm messages are told
        _send_to_server_log(logging.getLogger(name))
    shell.showtraceback = _log_traceback


@functools.cache
def guard_buttons() -> None:
    """A disabled or hidden button ignores clicks: the browser does not send them, but a
    visitor's own client may (ipywidgets' Button acts on any click message). For the buttons
    made from now on."""
    import ipywidgets

    handle = ipywidgets.Button._handle_button_msg

    def handle_when_usable(button, widget, content, buffers) -> None:
        if button.disabled or button.layout.display == "none" or button.layout.visibility == "hidden":
            log.warning("Ignored a click on a button that is disabled or hidden: %.80r", button.description)
            return
        handle(button, widget, content, buffers)

    ipywidgets.Button._handle_button_msg = handle_when_usable


def _json_within(limit: int, kind: type | tuple[type, ...]) -> Callable[[Any], bool]:
    def fits(value: Any) -> bool:
        return isinstance(value, kind) and len(json.dumps(value)) <= limit

    return fits


def _is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def _small_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**6


def _index(value: Any) -> bool:
    return value is None or _small_int(value)


def _indices(value: Any) -> bool:
    return isinstance(value, list) and len(value) <= 100 and all(_small_int(index) for index in value)


def _names(value: Any) -> bool:
    """Finished lessons' file names (static/parts/kept.js keeps only strings of what it stored)."""
    return _json_within(16_384, list)(value) and all(isinstance(name, str) for name in value)


# The widget values the tutor's front end sets (ipywidgets' controls, widgets/static/tutor.js),
# by the class that has them, each with its type and size. Any other value the browser sends
# is refused: the kernel owns the rest, `disabled` and the layout's `display` included.
BROWSER_SETS: dict[str, dict[str, Callable[[Any], bool]]] = {
    "_Selection": {"index": _index},
    "_MultipleSelection": {"index": _indices},
    "_Bool": {"value": _is_bool},
    "_Int": {"value": _small_int},
    "Text": {"value": _json_within(600, str)},
    "Textarea": {"value": _json_within(300_000, str)},  # the studio's lesson, more than a lesson link carries
    "Component": {"narrow": _is_bool},
    "LessonAddress": {"place": _json_within(64, list), "done": _names},
    "DrillList": {"stars": _json_within(4096, dict)},
}


def browser_may_set(widget: object, name: str, value: Any) -> bool:
    for kind in type(widget).__mro__:
        check = BROWSER_SETS.get(kind.__name__, {}).get(name)
        if check is not None:
            return check(value) and (name != "index" or _names_options(widget, value))
    return False


def _names_options(widget: object, index: Any) -> bool:
    """A choice's index names options the kernel offers (no index at all, or one past the
    list, reached the page's handlers as None, or made ipywidgets raise); sending back the
    index the kernel holds changes nothing."""
    if index == getattr(widget, "index", None):
        return True
    count = len(getattr(widget, "_options_labels", ()))
    return all(isinstance(one, int) and 0 <= one < count for one in (index if isinstance(index, list) else [index]))


@functools.cache
def guard_updates() -> None:
    """A widget takes from the browser only the values its front end sets (BROWSER_SETS);
    an update with anything else is refused whole and logged."""
    import ipywidgets

    handle = ipywidgets.Widget._handle_msg

    def handle_allowed(widget, message: dict) -> None:
        data = message.get("content", {}).get("data", {})
        if isinstance(data, dict) and data.get("method") == "update":
            state = data.get("state")
            refused = (
                not isinstance(state, dict)
                or bool(data.get("buffer_paths"))
                or [name for name, value in state.items() if not browser_may_set(widget, name, value)]
            )
            if refused:
                names = sorted(state)[:5] if isinstance(state, dict) else []
                log.warning("Refused values the browser may not set on a %s: %.200s", type(widget).__name__, names)
                _restore(widget, state)
                return
        handle(widget, message)

    ipywidgets.Widget._handle_msg = handle_allowed
    made = ipywidgets.widgets.widget._instances  # no public list of the live widgets
    for widget in list(made.values()):  # made before (shared layouts): their comms hold the old handler
        if widget.comm is not None:
            widget.comm.on_msg(widget._handle_msg)


def _restore(widget, state: Any) -> None:
    """After a refused update, the browser shows again what the kernel holds, and the page
    says in words that it did not take the change."""
    from widgets.page_tools import say_refused  # the page's words: guard itself imports no widget

    shown = [name for name in state if name in widget.keys] if isinstance(state, dict) else []
    if shown and widget.comm is not None:
        widget.send_state(shown)
    say_refused()


def _refuse_widget(comm, message: dict) -> None:
    """A page's front end never makes widgets: each one the browser asked for would live in
    the kernel's memory for as long as the page (any size, any number)."""
    log.warning("Refused a widget the browser asked the kernel to create (comm %s)", comm.comm_id)
    comm.close()


def _log_traceback(*_args, **_kwargs) -> None:
    """In place of the shell's ``showtraceback``: the exception being handled, to the server's log.
    An interrupt is not a fault: the server stops a page's kernel that is still working when
    its visitor leaves."""
    kind = sys.exc_info()[0]
    if kind is not None and issubclass(kind, KeyboardInterrupt):
        log.info("A page's kernel was interrupted as its page left")
        return
    log.error("Exception in the page's kernel", exc_info=sys.exc_info())
