"""The state a class shares between kernels, behind one small interface with two stores.

Every browser page runs in its own kernel (often its own process, on JupyterHub perhaps on
another machine), so the teacher's page and the learners' pages meet only here:

- ``SQLiteStore``, the default: one file in the user's data folder, in WAL mode so that
  many processes on one machine read while one writes;
- ``RedisStore``: a redis-server shared by kernels on several machines.

``open_store`` picks one from an address (``sqlite:///path/file.db`` or
``redis://host:port/db``), given by the caller's configuration or the environment variable
``TUTOR_CLASS_STORE``. The stores keep opaque JSON for a class's settings and position;
what they mean is ``tutor.classroom.classes``'s business. Expiry times come from the caller
(whose clock may be a test's), never from the store's own clock.
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import redis

from tutor.core import TutorError
from tutor.messages import msg

ADDRESS_VARIABLE = "TUTOR_CLASS_STORE"
STORE_FILE = "classroom.db"
REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


class StoreUnavailable(TutorError):
    """The store cannot be reached (server down, file locked too long); worth a retry."""


@dataclass(frozen=True)
class ClassRecord:
    code: str
    info: dict
    position: dict
    version: int  # grows by one at every position change, so a poll sees any change
    expires_at: float


@dataclass(frozen=True)
class AnswerRecord:
    token: str
    step: int
    move: str
    allowed: bool
    right: bool


class ClassStore(ABC):
    """What a class shares. Every method is safe to call from several processes at once."""

    @abstractmethod
    def create_class(self, code: str, info: dict, position: dict, expires_at: float) -> bool:
        """Store a new class; False (and nothing changed) if ``code`` is taken."""

    @abstractmethod
    def get_class(self, code: str) -> ClassRecord | None:
        """The class, or None if no class has this code (expired ones stay until purged)."""

    @abstractmethod
    def set_position(self, code: str, position: dict) -> int | None:
        """Replace the position and return the new version; None if the class is gone."""

    @abstractmethod
    def set_expiry(self, code: str, expires_at: float) -> bool:
        """Move the time the class ends (later while the class is used, now to end it); False if it is gone."""

    @abstractmethod
    def join(self, code: str, token: str, name: str, capacity: int) -> str | None:
        """Add a learner, or find one that joined before with this token.

        Returns the learner's stored name, or None if the class is full or gone. The
        capacity check and the insert are one atomic step, so racing joins never overfill.
        """

    @abstractmethod
    def remove_learner(self, code: str, token: str) -> bool:
        """Forget the learner and their answers; False if the class has no such learner."""

    @abstractmethod
    def learners(self, code: str) -> list[tuple[str, str]]:
        """(token, name) of every learner, in the order they joined."""

    @abstractmethod
    def put_answer(self, code: str, answer: AnswerRecord) -> None:
        """Store a learner's answer to a step, replacing an earlier one to the same step."""

    @abstractmethod
    def answers(self, code: str, token: str | None = None) -> list[AnswerRecord]:
        """Every answer in the class, or only those of the learner with ``token``."""

    @abstractmethod
    def purge_expired(self, now: float) -> int:
        """Delete every class that expired at or before ``now``; returns how many."""

    @abstractmethod
    def put_lesson(self, code: str, text: str, owner: str = "") -> None:
        """Keep a shared lesson file under ``code`` (a hash of ``text``: the same lesson, the same
        code), shared from the client address ``owner``. Beyond ``LESSONS_PER_OWNER`` of that
        owner's, its own lessons opened longest ago are dropped, so one visitor cannot push out
        everyone else's; beyond ``MAX_LESSONS`` in all, the lessons opened longest ago are."""

    @abstractmethod
    def get_lesson(self, code: str) -> str | None:
        """The lesson file kept under ``code`` (now counted as just opened), or None."""

    @abstractmethod
    def note_wrong_guess(self, address: str, now: float) -> tuple[int, float]:
        """Count a wrong class code or learner token tried from the client ``address``; returns
        how many it tried within the last ``GUESS_WINDOW_SECONDS`` and when it tried the first of
        them. Older ones are forgotten, and at most ``MAX_GUESSERS`` addresses are kept."""

    @abstractmethod
    def wrong_guesses(self, address: str, now: float) -> tuple[int, float]:
        """How many wrong guesses ``address`` tried within the last ``GUESS_WINDOW_SECONDS``,
        and when it tried the last of them (0 and -inf if none)."""

    @abstractmethod
    def close(self) -> None:
        """Release connections; the store must not be used afterwards."""


# Wrong class codes and learner tokens are counted per client address over this long (every
# page of that address, on every server of the store), for at most this many addresses.
GUESS_WINDOW_SECONDS = 3600.0
MAX_GUESSERS = 10_000

# Shared lessons the store keeps (each at most lesson_links.MAX_STORED_BYTES): visitors can share
# any lesson, so the store must not grow without end; a teacher's lesson in use is opened often.
MAX_LESSONS = 500
LESSONS_PER_OWNER = 50  # lessons one client address keeps: 10 addresses are needed to fill the store
OWNER_DAYS = 7  # Redis forgets who shared what after this long without a new lesson (SQLite keeps it with the lesson)


def data_folder() -> Path:
    """Where the default SQLite file lives: the XDG data folder of the user running the kernels."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "card-rules-tutor"


def open_store(address: str | None = None) -> ClassStore:
    """The store at ``address``, else at ``$TUTOR_CLASS_STORE``, else SQLite in ``data_folder()``.

    ``sqlite://`` is followed by a file path (``sqlite:///srv/tutor/class.db`` is absolute);
    ``redis://``, ``rediss://`` and ``unix://`` addresses go to redis-py as they are.
    """
    address = address or os.environ.get(ADDRESS_VARIABLE) or f"sqlite://{data_folder() / STORE_FILE}"
    if address.startswith("sqlite://") and len(address) > len("sqlite://"):
        return SQLiteStore(Path(address.removeprefix("sqlite://")))
    if address.startswith(REDIS_SCHEMES):
        return RedisStore(address)
    raise TutorError(msg("classroom.error.store-address", address=address, variable=ADDRESS_VARIABLE))


SCHEMA = """
CREATE TABLE IF NOT EXISTS classes (
    code TEXT PRIMARY KEY, info TEXT NOT NULL, position TEXT NOT NULL,
    version INTEGER NOT NULL, expires_at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS learners (
    code TEXT NOT NULL, token TEXT NOT NULL, name TEXT NOT NULL, seq INTEGER NOT NULL,
    PRIMARY KEY (code, token));
CREATE TABLE IF NOT EXISTS answers (
    code TEXT NOT NULL, token TEXT NOT NULL, step INTEGER NOT NULL,
    move TEXT NOT NULL, allowed INTEGER NOT NULL, is_right INTEGER NOT NULL,
    PRIMARY KEY (code, token, step));
CREATE TABLE IF NOT EXISTS lessons (
    code TEXT PRIMARY KEY, text TEXT NOT NULL, opened REAL NOT NULL, owner TEXT NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS guessers (
    address TEXT PRIMARY KEY, count INTEGER NOT NULL, first REAL NOT NULL, last REAL NOT NULL);
"""


class SQLiteStore(ClassStore):
    """One SQLite file in WAL mode. Writes take the write lock up front (BEGIN IMMEDIATE)
    so that read-then-write steps like a capped join cannot interleave between processes;
    a busy file is waited on for ``BUSY_SECONDS`` before giving up."""

    BUSY_SECONDS = 10.0

    def __init__(self, path: Path):
        self.path = Path(path)
        # One connection per store, shared by the page's threads (a poller and the UI).
        self._lock = threading.Lock()
        with self._guard():
            # Names and tokens: for the account running the kernels only. A folder made here is
            # 0700 and a file 0600 (SQLite gives its -wal and -shm files the file's mode).
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            os.close(os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600))
            self._db = sqlite3.connect(
                self.path, timeout=self.BUSY_SECONDS, isolation_level=None, check_same_thread=False
            )
            self._db.execute("PRAGMA journal_mode=WAL")
            # In WAL mode a commit is safe after a crash of the process at NORMAL; only a power
            # cut may lose the last commits, which is fine for a lesson's answers.
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(SCHEMA)
            columns = [row[1] for row in self._db.execute("PRAGMA table_info(lessons)")]
            if "owner" not in columns:  # a store made before lessons had owners
                self._db.execute("ALTER TABLE lessons ADD COLUMN owner TEXT NOT NULL DEFAULT ''")

    @contextmanager
    def _guard(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.OperationalError as error:
            raise StoreUnavailable(msg("classroom.error.store-down")) from error

    @contextmanager
    def _write(self) -> Iterator[None]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    @contextmanager
    def _use(self, writing: bool = False) -> Iterator[sqlite3.Connection]:
        with self._lock, self._guard():
            if writing:
                with self._write():
                    yield self._db
            else:
                yield self._db

    def create_class(self, code: str, info: dict, position: dict, expires_at: float) -> bool:
        with self._use(writing=True) as db:
            inserted = db.execute(
                "INSERT OR IGNORE INTO classes VALUES (?, ?, ?, 0, ?)",
                (code, json.dumps(info), json.dumps(position), expires_at),
            )
            return inserted.rowcount == 1

    def get_class(self, code: str) -> ClassRecord | None:
        with self._use() as db:
            row = db.execute(
                "SELECT info, position, version, expires_at FROM classes WHERE code = ?", (code,)
            ).fetchone()
        if row is None:
            return None
        return ClassRecord(code, json.loads(row[0]), json.loads(row[1]), row[2], row[3])

    def set_position(self, code: str, position: dict) -> int | None:
        with self._use(writing=True) as db:
            row = db.execute(
                "UPDATE classes SET position = ?, version = version + 1 WHERE code = ? RETURNING version",
                (json.dumps(position), code),
            ).fetchone()
        return None if row is None else row[0]

    def set_expiry(self, code: str, expires_at: float) -> bool:
        with self._use(writing=True) as db:
            return db.execute("UPDATE classes SET expires_at = ? WHERE code = ?", (expires_at, code)).rowcount == 1

    def join(self, code: str, token: str, name: str, capacity: int) -> str | None:
        with self._use(writing=True) as db:
            if db.execute("SELECT 1 FROM classes WHERE code = ?", (code,)).fetchone() is None:
                return None
            known = db.execute("SELECT name FROM learners WHERE code = ? AND token = ?", (code, token)).fetchone()
            if known is not None:
                return known[0]
            count, last = db.execute("SELECT count(*), max(seq) FROM learners WHERE code = ?", (code,)).fetchone()
            if count >= capacity:
                return None
            db.execute("INSERT INTO learners VALUES (?, ?, ?, ?)", (code, token, name, (last or 0) + 1))
            return name

    def remove_learner(self, code: str, token: str) -> bool:
        with self._use(writing=True) as db:
            db.execute("DELETE FROM answers WHERE code = ? AND token = ?", (code, token))
            return db.execute("DELETE FROM learners WHERE code = ? AND token = ?", (code, token)).rowcount == 1

    def learners(self, code: str) -> list[tuple[str, str]]:
        with self._use() as db:
            return [
                tuple(row)
                for row in db.execute("SELECT token, name FROM learners WHERE code = ? ORDER BY seq", (code,))
            ]

    def put_answer(self, code: str, answer: AnswerRecord) -> None:
        with self._use(writing=True) as db:
            db.execute(
                "INSERT OR REPLACE INTO answers VALUES (?, ?, ?, ?, ?, ?)",
                (code, answer.token, answer.step, answer.move, answer.allowed, answer.right),
            )

    def answers(self, code: str, token: str | None = None) -> list[AnswerRecord]:
        query = "SELECT token, step, move, allowed, is_right FROM answers WHERE code = ?"
        parameters: tuple = (code,)
        if token is not None:
            query += " AND token = ?"
            parameters += (token,)
        with self._use() as db:
            rows = db.execute(query + " ORDER BY step, token", parameters).fetchall()
        return [
            AnswerRecord(token, step, move, bool(allowed), bool(right)) for token, step, move, allowed, right in rows
        ]

    def purge_expired(self, now: float) -> int:
        with self._use(writing=True) as db:
            expired = "SELECT code FROM classes WHERE expires_at <= ?"
            db.execute(f"DELETE FROM answers WHERE code IN ({expired})", (now,))
            db.execute(f"DELETE FROM learners WHERE code IN ({expired})", (now,))
            return db.execute("DELETE FROM classes WHERE expires_at <= ?", (now,)).rowcount

    def note_wrong_guess(self, address: str, now: float) -> tuple[int, float]:
        with self._use(writing=True) as db:
            db.execute("DELETE FROM guessers WHERE first <= ?", (now - GUESS_WINDOW_SECONDS,))
            db.execute(
                "INSERT INTO guessers VALUES (?, 1, ?, ?) "
                "ON CONFLICT (address) DO UPDATE SET count = count + 1, last = excluded.last",
                (address, now, now),
            )
            db.execute(
                "DELETE FROM guessers WHERE address NOT IN (SELECT address FROM guessers ORDER BY last DESC LIMIT ?)",
                (MAX_GUESSERS,),
            )
            count, first = db.execute("SELECT count, first FROM guessers WHERE address = ?", (address,)).fetchone()
            return count, first

    def wrong_guesses(self, address: str, now: float) -> tuple[int, float]:
        with self._use() as db:
            row = db.execute(
                "SELECT count, last FROM guessers WHERE address = ? AND first > ?",
                (address, now - GUESS_WINDOW_SECONDS),
            ).fetchone()
        return (row[0], row[1]) if row else (0, -math.inf)

    def put_lesson(self, code: str, text: str, owner: str = "") -> None:
        with self._use(writing=True) as db:
            db.execute(
                "INSERT OR REPLACE INTO lessons (code, text, opened, owner) VALUES (?, ?, ?, ?)",
                (code, text, time.time(), owner),
            )
            if owner:
                db.execute(
                    "DELETE FROM lessons WHERE owner = ? AND code NOT IN "
                    "(SELECT code FROM lessons WHERE owner = ? ORDER BY opened DESC LIMIT ?)",
                    (owner, owner, LESSONS_PER_OWNER),
                )
            db.execute(
                "DELETE FROM lessons WHERE code NOT IN (SELECT code FROM lessons ORDER BY opened DESC LIMIT ?)",
                (MAX_LESSONS,),
            )

    def get_lesson(self, code: str) -> str | None:
        with self._use(writing=True) as db:
            row = db.execute("SELECT text FROM lessons WHERE code = ?", (code,)).fetchone()
            if row is not None:
                db.execute("UPDATE lessons SET opened = ? WHERE code = ?", (time.time(), code))
        return None if row is None else row[0]

    def close(self) -> None:
        with self._lock:
            self._db.close()


# Scripts run atomically inside redis-server, so no other client sees half a change.
CREATE_SCRIPT = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'info', ARGV[2], 'position', ARGV[3], 'version', 0, 'expires_at', ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
return 1
"""
JOIN_SCRIPT = """
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local known = redis.call('HGET', KEYS[2], ARGV[1])
if known then return known end
if redis.call('HLEN', KEYS[2]) >= tonumber(ARGV[3]) then return false end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('RPUSH', KEYS[3], ARGV[1])
return ARGV[2]
"""
SET_POSITION_SCRIPT = """
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
redis.call('HSET', KEYS[1], 'position', ARGV[1])
return redis.call('HINCRBY', KEYS[1], 'version', 1)
"""
SET_EXPIRY_SCRIPT = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'expires_at', ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
return 1
"""


class RedisStore(ClassStore):
    """Keys under ``tutor:class:``: a hash per class (info, position, version, expires_at),
    a hash of learners' names by token with a list keeping their order, a hash of answers
    by step per learner, and one sorted set of class codes by expiry time for purging; shared
    lessons under ``tutor:lesson:``, with a sorted set of their codes by when they were last opened."""

    PREFIX = "tutor:class:"
    LESSONS = "tutor:lesson:"  # shared lessons by code
    TIMEOUT_SECONDS = 5.0

    def __init__(self, address: str):
        self.address = address
        # redis-py's types say bytes | str where decode_responses gives str, and type a pipeline's
        # chained commands as their results: the client goes unchecked, these methods' signatures say the types.
        self._redis: Any = redis.Redis.from_url(
            address,
            decode_responses=True,
            socket_timeout=self.TIMEOUT_SECONDS,
            socket_connect_timeout=self.TIMEOUT_SECONDS,
        )
        self._create = self._redis.register_script(CREATE_SCRIPT)
        self._join = self._redis.register_script(JOIN_SCRIPT)
        self._set_position = self._redis.register_script(SET_POSITION_SCRIPT)
        self._set_expiry = self._redis.register_script(SET_EXPIRY_SCRIPT)

    @contextmanager
    def _guard(self) -> Iterator[None]:
        try:
            yield
        except redis.exceptions.ConnectionError as error:  # also covers timeouts
            raise StoreUnavailable(msg("classroom.error.store-down")) from error

    def _key(self, code: str, *parts: str) -> str:
        return ":".join((self.PREFIX + code, *parts))

    def create_class(self, code: str, info: dict, position: dict, expires_at: float) -> bool:
        with self._guard():
            return bool(
                self._create(
                    keys=[self._key(code), self.PREFIX + "expiry"],
                    args=[code, json.dumps(info), json.dumps(position), repr(expires_at)],
                )
            )

    def get_class(self, code: str) -> ClassRecord | None:
        with self._guard():
            fields = self._redis.hgetall(self._key(code))
        if not fields:
            return None
        return ClassRecord(
            code,
            json.loads(fields["info"]),
            json.loads(fields["position"]),
            int(fields["version"]),
            float(fields["expires_at"]),
        )

    def set_position(self, code: str, position: dict) -> int | None:
        with self._guard():
            version = self._set_position(keys=[self._key(code)], args=[json.dumps(position)])
        return None if version is None else int(version)

    def set_expiry(self, code: str, expires_at: float) -> bool:
        with self._guard():
            return bool(self._set_expiry(keys=[self._key(code), self.PREFIX + "expiry"], args=[code, repr(expires_at)]))

    def join(self, code: str, token: str, name: str, capacity: int) -> str | None:
        with self._guard():
            return self._join(
                keys=[self._key(code), self._key(code, "learners"), self._key(code, "order")],
                args=[token, name, capacity],
            )

    def remove_learner(self, code: str, token: str) -> bool:
        with self._guard():
            with self._redis.pipeline(transaction=True) as pipe:
                removed, *_ = (
                    pipe.hdel(self._key(code, "learners"), token)
                    .lrem(self._key(code, "order"), 0, token)
                    .delete(self._key(code, "answers", token))
                    .execute()
                )
        return removed == 1

    def learners(self, code: str) -> list[tuple[str, str]]:
        with self._guard():
            with self._redis.pipeline(transaction=True) as pipe:
                order, names = (
                    pipe.lrange(self._key(code, "order"), 0, -1).hgetall(self._key(code, "learners")).execute()
                )
        return [(token, names[token]) for token in order]

    def put_answer(self, code: str, answer: AnswerRecord) -> None:
        with self._guard():
            self._redis.hset(
                self._key(code, "answers", answer.token),
                str(answer.step),
                json.dumps([answer.move, answer.allowed, answer.right]),
            )

    def answers(self, code: str, token: str | None = None) -> list[AnswerRecord]:
        with self._guard():
            tokens = [token] if token is not None else self._redis.lrange(self._key(code, "order"), 0, -1)
            with self._redis.pipeline(transaction=False) as pipe:
                for each in tokens:
                    pipe.hgetall(self._key(code, "answers", each))
                per_learner = pipe.execute()
        found = [
            AnswerRecord(each, int(step), *json.loads(value))
            for each, answers in zip(tokens, per_learner)
            for step, value in answers.items()
        ]
        return sorted(found, key=lambda answer: (answer.step, answer.token))

    def purge_expired(self, now: float) -> int:
        with self._guard():
            codes = self._redis.zrangebyscore(self.PREFIX + "expiry", "-inf", now)
            for code in codes:
                tokens = self._redis.lrange(self._key(code, "order"), 0, -1)
                self._redis.delete(
                    self._key(code),
                    self._key(code, "learners"),
                    self._key(code, "order"),
                    *(self._key(code, "answers", token) for token in tokens),
                )
                self._redis.zrem(self.PREFIX + "expiry", code)
        return len(codes)

    def put_lesson(self, code: str, text: str, owner: str = "") -> None:
        with self._guard():
            opened = self.LESSONS + "opened"
            self._redis.set(self.LESSONS + code, text)
            self._redis.zadd(opened, {code: time.time()})
            if owner:  # first the owner's own beyond its share, then the oldest of all beyond MAX_LESSONS
                owned = "tutor:lesson-owner:" + owner  # its lessons by when they were shared
                self._redis.zadd(owned, {code: time.time()})
                self._redis.expire(owned, OWNER_DAYS * 86400)
                own_dropped = self._redis.zrange(owned, 0, -LESSONS_PER_OWNER - 1)
                if own_dropped:
                    self._redis.zrem(owned, *own_dropped)
                    self._redis.delete(*(self.LESSONS + old for old in own_dropped))
                    self._redis.zrem(opened, *own_dropped)
            dropped = self._redis.zrange(opened, 0, -MAX_LESSONS - 1)
            if dropped:
                self._redis.delete(*(self.LESSONS + old for old in dropped))
                self._redis.zrem(opened, *dropped)

    def note_wrong_guess(self, address: str, now: float) -> tuple[int, float]:
        key = "tutor:guesser:" + address  # forgotten with its window: as many addresses as guessed within it
        with self._guard():
            first = self._redis.hget(key, "first")
            if first is not None and float(first) <= now - GUESS_WINDOW_SECONDS:
                self._redis.delete(key)  # its window is over (the key's expiry goes by the server's clock)
            with self._redis.pipeline() as pipe:
                pipe.hsetnx(key, "first", now)
                pipe.hincrby(key, "count", 1)
                pipe.hset(key, "last", now)
                pipe.expire(key, int(GUESS_WINDOW_SECONDS), nx=True)
                pipe.hmget(key, "count", "first")
                count, first = pipe.execute()[-1]
        return int(count), float(first)

    def wrong_guesses(self, address: str, now: float) -> tuple[int, float]:
        with self._guard():
            count, first, last = self._redis.hmget("tutor:guesser:" + address, "count", "first", "last")
        return (int(count), float(last)) if count and float(first) > now - GUESS_WINDOW_SECONDS else (0, -math.inf)

    def get_lesson(self, code: str) -> str | None:
        with self._guard():
            text = self._redis.get(self.LESSONS + code)
            if text is not None:
                self._redis.zadd(self.LESSONS + "opened", {code: time.time()})
            return text

    def close(self) -> None:
        self._redis.close()
