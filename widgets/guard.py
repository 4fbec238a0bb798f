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
import logging
import os
import sys
from typing import TextIO

log = logging.getLogger("tutor")

WIDGET_TARGET = "jupyter.widget"  # the comm target on which a front end asks the kernel for a new widget


def server_stderr() -> TextIO:
    """The kernel process's real stderr: ipykernel keeps a copy of file descriptor 2 when it
    forwards that descriptor to the page; elsewhere it is ``sys.__stderr__``."""
    copy = getattr(sys.stderr, "_original_stdstream_copy", None)
    if isinstance(copy, int):  # kept open: the log writes to it for as long as the kernel lives
        return open(os.dup(copy), "w", buffering=1, encoding="utf-8", errors="replace")
    return sys.__stderr__ or sys.stderr


@functools.cache
def server_log() -> logging.Handler:
    handler = logging.StreamHandler(server_stderr())
    handler.setFormatter(logging.Formatter("[%(name)s] %(levelname)s %(message)s"))
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


def _refuse_widget(comm, message: dict) -> None:
    """A page's front end never makes widgets: each one the browser asked for would live in
    the kernel's memory for as long as the page (any size, any number)."""
    log.warning("Refused a widget the browser asked the kernel to create (comm %s)", comm.comm_id)
    comm.close()


def _log_traceback(*_args, **_kwargs) -> None:
    """In place of the shell's ``showtraceback``: the exception being handled, to the server's log."""
    log.error("Exception in the page's kernel", exc_info=sys.exc_info())
