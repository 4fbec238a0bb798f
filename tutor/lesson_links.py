"""A lesson shared by a link: the lesson file carried on the page's address when it is small
enough, else kept in the server's store (tutor.classroom.store) under a short code that the
link carries instead.

``shared=z1.<data>``: the file compressed with zlib (whose checksum finds a changed letter)
and written in base64url; ``shared=<code>``: ten letters and digits, a hash of the file, so
the same lesson always gets the same code. ``MAX_CARRIED`` keeps a whole address under the
8 KB that common servers and proxies accept in a request's first line (nginx's default
buffer); browsers and Voila accept far more.

No UI here: the studio makes links (``share``), the learn page, the studio and a class open
them (``open_shared``); what goes wrong is a LessonLinkError in words, in the page's language.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
import zlib
from collections.abc import Callable

from tutor.classroom.store import ClassStore, open_store
from tutor.core import TutorError
from tutor.lessons import Lesson, LessonError, load_lesson
from tutor.messages import file_size, msg
from tutor.records import MAX_RECORD_BYTES
from tutor.visitor_text import ADDRESS_WORD_LIMIT, visitor_text

PARAMETER = "shared"  # the address's name for it: learn.ipynb?game=...&shared=...
CARRIED = "z1."  # a lesson carried on the address: zlib, then base64url (version 1)
MAX_CARRIED = 6000  # characters of the value; the rest of an address stays far below 2000
MAX_STORED_BYTES = 256 * 1024  # a lesson kept in the store (the longest shipped one is about 40 KB)
CODE = re.compile(r"[a-z2-7]{10}")
SHARED_NAME = "shared-{key}.yaml"  # the name a shared lesson's sentences give its file

StoreOpener = Callable[[], ClassStore]


class LessonLinkError(TutorError):
    """A link that does not open a lesson; the text says why, for the person who opened it."""


def lesson_code(text: str) -> str:
    """The short code of a lesson file in the store: a hash of it, ten characters."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return base64.b32encode(digest).decode("ascii")[:10].lower()


def carried(text: str) -> str:
    """The value that carries ``text`` on an address (it may be longer than MAX_CARRIED)."""
    packed = zlib.compress(text.encode("utf-8"), 9)
    return CARRIED + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def share(text: str, store: StoreOpener = open_store, owner: str = "") -> str:
    """The value of a link to the lesson file ``text``: carried when short enough, else its
    code, the lesson kept in the store (StoreUnavailable when it cannot be reached) as shared
    from the client address ``owner``."""
    value = carried(text)
    if len(value) <= MAX_CARRIED:
        return value
    if len(text.encode("utf-8")) > MAX_STORED_BYTES:
        raise LessonLinkError(msg("links.too-big", limit=file_size(MAX_STORED_BYTES)))
    code = lesson_code(text)
    opened = store()
    try:
        opened.put_lesson(code, text, owner)
    finally:
        opened.close()
    return code


def shared_text(value: str, store: StoreOpener = open_store) -> str:
    """The lesson file a link's value holds (LessonLinkError: why not)."""
    value = value.strip()
    if value.startswith(CARRIED) and len(value) <= MAX_CARRIED:
        return _unpacked(value.removeprefix(CARRIED))
    if CODE.fullmatch(value):
        opened = store()
        try:
            text = opened.get_lesson(value)
        finally:
            opened.close()
        if text is None:
            raise LessonLinkError(msg("links.unknown-code", code=value))
        return text
    if value.startswith(CARRIED):
        raise LessonLinkError(msg("links.too-long"))
    raise LessonLinkError(msg("links.not-a-link", value=visitor_text(value, ADDRESS_WORD_LIMIT)))


def open_shared(value: str, store: StoreOpener = open_store) -> tuple[Lesson, str]:
    """The lesson a link's value holds, loaded in the language now set, and its file."""
    return shared_lesson(shared_text(value, store))


def shared_lesson(text: str) -> tuple[Lesson, str]:
    """A shared lesson's file, loaded in the language now set (LessonLinkError: why not)."""
    try:
        return load_lesson(SHARED_NAME.format(key=lesson_code(text)), text), text
    except LessonError as error:
        raise LessonLinkError(msg("links.does-not-hold", problem=error)) from None


def _unpacked(data: str) -> str:
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        inflater = zlib.decompressobj()
        # a few KB on the address must not become gigabytes in the kernel
        text = inflater.decompress(packed, MAX_RECORD_BYTES)
        if inflater.unconsumed_tail or not inflater.eof:
            raise LessonLinkError(msg("links.damaged"))
        return text.decode("utf-8")
    except (binascii.Error, ValueError, zlib.error):  # UnicodeDecodeError is a ValueError
        raise LessonLinkError(msg("links.damaged")) from None
