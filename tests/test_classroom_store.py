"""The classroom stores: the same tests for SQLite and for a real redis-server, through the one
interface, including several processes writing at once."""

import multiprocessing
import socket
import sqlite3

import pytest

from tutor.classroom.store import AnswerRecord, RedisStore, SQLiteStore, StoreUnavailable, data_folder, open_store
from tutor.core import TutorError
from tutor.messages import msg

INFO = {"settings": {"game": "thricewise"}, "teacher": "secret"}
START = {"step": 1, "revealed": [], "reached": 1}
LATER = 1_000_000.0


def test_open_store_reads_the_address_then_the_variable_then_defaults_to_sqlite(tmp_path, monkeypatch, redis_address):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("TUTOR_CLASS_STORE", raising=False)
    default = open_store()
    assert isinstance(default, SQLiteStore) and default.path == tmp_path / "data" / "card-rules-tutor" / "classroom.db"
    assert data_folder() == tmp_path / "data" / "card-rules-tutor"
    monkeypatch.setenv("TUTOR_CLASS_STORE", redis_address)
    assert isinstance(open_store(), RedisStore)
    chosen = open_store(f"sqlite://{tmp_path / 'chosen.db'}")
    assert isinstance(chosen, SQLiteStore) and chosen.path == tmp_path / "chosen.db"
    for opened in (default, chosen):
        opened.close()


@pytest.mark.parametrize("address", ["postgres://localhost/tutor", "sqlite://", "class.db"])
def test_an_unknown_address_is_named_in_a_clear_message(address):
    with pytest.raises(TutorError) as error:
        open_store(address)
    assert str(error.value) == msg("classroom.error.store-address", address=address, variable="TUTOR_CLASS_STORE")


def test_the_sqlite_file_is_in_wal_mode(tmp_path):
    SQLiteStore(tmp_path / "class.db").close()
    with sqlite3.connect(tmp_path / "class.db") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_class_is_stored_once_per_code(store):
    assert store.get_class("ABC234") is None
    assert store.create_class("ABC234", INFO, START, expires_at=LATER)
    assert not store.create_class("ABC234", {"other": True}, START, expires_at=LATER + 1)
    record = store.get_class("ABC234")
    assert (record.code, record.info, record.position, record.version, record.expires_at) == (
        "ABC234",
        INFO,
        START,
        0,
        LATER,
    )


def test_each_position_change_bumps_the_version(store):
    store.create_class("ABC234", INFO, START, expires_at=LATER)
    assert store.set_position("ABC234", {"step": 2, "revealed": [], "reached": 2}) == 1
    assert store.set_position("ABC234", {"step": 2, "revealed": [2], "reached": 2}) == 2
    record = store.get_class("ABC234")
    assert record.version == 2 and record.position == {"step": 2, "revealed": [2], "reached": 2}
    assert store.set_position("ZZZ999", START) is None
    assert store.get_class("ZZZ999") is None


def test_joining_keeps_order_and_rejoining_keeps_the_first_name(store):
    store.create_class("ABC234", INFO, START, expires_at=LATER)
    assert store.join("ABC234", "t-ann", "Ann", capacity=40) == "Ann"
    assert store.join("ABC234", "t-bob", "Bob", capacity=40) == "Bob"
    assert store.join("ABC234", "t-ann", "Annie", capacity=40) == "Ann"
    assert store.learners("ABC234") == [("t-ann", "Ann"), ("t-bob", "Bob")]


def test_a_full_class_refuses_newcomers_but_not_returning_learners(store):
    store.create_class("ABC234", INFO, START, expires_at=LATER)
    for number in range(3):
        assert store.join("ABC234", f"t{number}", f"L{number}", capacity=3) == f"L{number}"
    assert store.join("ABC234", "t9", "Late", capacity=3) is None
    assert store.join("ABC234", "t1", "L1", capacity=3) == "L1"
    assert len(store.learners("ABC234")) == 3


def test_a_removed_learner_loses_their_answers_and_frees_a_place(store):
    store.create_class("ABC234", INFO, START, expires_at=LATER)
    for token in ("t-ann", "t-bob", "t-cy"):
        store.join("ABC234", token, token, capacity=3)
    store.put_answer("ABC234", AnswerRecord("t-bob", 3, "pass", True, True))
    assert store.remove_learner("ABC234", "t-bob") and not store.remove_learner("ABC234", "t-bob")
    assert store.answers("ABC234") == [] and store.join("ABC234", "t-dee", "t-dee", capacity=3) == "t-dee"
    assert store.learners("ABC234") == [("t-ann", "t-ann"), ("t-cy", "t-cy"), ("t-dee", "t-dee")]


def test_no_one_joins_a_class_that_does_not_exist(store):
    assert store.join("ABC234", "t-ann", "Ann", capacity=40) is None
    assert store.learners("ABC234") == []


def test_answers_replace_earlier_ones_and_filter_by_learner(store):
    store.create_class("ABC234", INFO, START, expires_at=LATER)
    store.create_class("XYZ789", INFO, START, expires_at=LATER)
    for token in ("t-ann", "t-bob"):
        store.join("ABC234", token, token, capacity=40)
    store.put_answer("ABC234", AnswerRecord("t-ann", 3, "7 of Moons", True, False))
    store.put_answer("ABC234", AnswerRecord("t-ann", 3, "Ace of Suns", True, True))
    store.put_answer("ABC234", AnswerRecord("t-bob", 3, "2 of Knots", False, False))
    store.put_answer("ABC234", AnswerRecord("t-ann", 5, "pass", True, True))
    assert store.answers("ABC234") == [
        AnswerRecord("t-ann", 3, "Ace of Suns", True, True),
        AnswerRecord("t-bob", 3, "2 of Knots", False, False),
        AnswerRecord("t-ann", 5, "pass", True, True),
    ]
    assert [answer.step for answer in store.answers("ABC234", "t-ann")] == [3, 5]
    assert store.answers("XYZ789") == []


def test_purging_deletes_expired_classes_with_their_learners_and_answers(store):
    store.create_class("OLD234", INFO, START, expires_at=100.0)
    store.create_class("NEW234", INFO, START, expires_at=200.0)
    for code in ("OLD234", "NEW234"):
        store.join(code, "t-ann", "Ann", capacity=40)
        store.put_answer(code, AnswerRecord("t-ann", 2, "move", True, True))
    assert store.purge_expired(now=99.0) == 0
    assert store.purge_expired(now=100.0) == 1
    assert store.get_class("OLD234") is None
    assert store.learners("OLD234") == [] and store.answers("OLD234") == []
    assert store.get_class("NEW234") is not None and len(store.answers("NEW234")) == 1
    assert store.create_class("OLD234", INFO, START, expires_at=300.0)
    assert store.learners("OLD234") == []


def test_two_connections_to_one_store_share_the_class(store, store_address):
    other = open_store(store_address)
    try:
        store.create_class("ABC234", INFO, START, expires_at=LATER)
        other.join("ABC234", "t-ann", "Ann", capacity=40)
        assert store.learners("ABC234") == [("t-ann", "Ann")]
    finally:
        other.close()


def test_an_unreachable_redis_server_gives_a_clear_message():
    with socket.socket() as probe:  # a free loopback port: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    unreachable = RedisStore(f"redis://127.0.0.1:{port}/0")
    with pytest.raises(StoreUnavailable) as error:
        unreachable.get_class("ABC234")
    assert str(error.value) == msg("classroom.error.store-down")


def test_a_sqlite_file_locked_too_long_gives_a_clear_message(tmp_path, monkeypatch):
    monkeypatch.setattr(SQLiteStore, "BUSY_SECONDS", 0.2)
    locked = SQLiteStore(tmp_path / "class.db")
    locker = sqlite3.connect(tmp_path / "class.db", isolation_level=None)
    locker.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreUnavailable) as error:
            locked.create_class("ABC234", INFO, START, expires_at=LATER)
        assert str(error.value) == msg("classroom.error.store-down")
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    assert locked.create_class("ABC234", INFO, START, expires_at=LATER)
    locked.close()


# Several processes at once, each with its own connection as each kernel has.
PROCESSES = 8


def _join_many(address, start, first, count, capacity):
    opened = open_store(address)
    start.wait()
    joined = [
        opened.join("ABC234", f"t{number}", f"Learner {number}", capacity) for number in range(first, first + count)
    ]
    opened.close()
    return [name for name in joined if name is not None]


def _answer_many(address, start, first, count):
    opened = open_store(address)
    start.wait()
    for number in range(first, first + count):
        opened.join("ABC234", f"t{number}", f"Learner {number}", 60)
        for step in (2, 4):
            opened.put_answer("ABC234", AnswerRecord(f"t{number}", step, f"move {number}", True, number % 2 == 0))
    opened.close()


def _in_processes(task, address, jobs):
    context = multiprocessing.get_context("spawn")
    with context.Manager() as manager, context.Pool(PROCESSES) as pool:
        start = manager.Barrier(PROCESSES)
        return pool.starmap(task, [(address, start, *job) for job in jobs])


def test_forty_learners_joining_at_once_from_several_processes_all_get_in(store, store_address):
    store.create_class("ABC234", INFO, START, expires_at=LATER)
    joined = _in_processes(_join_many, store_address, [(number * 5, 5, 60) for number in range(PROCESSES)])
    assert sum(len(names) for names in joined) == 40
    assert sorted(name for _, name in store.learners("ABC234")) == sorted(f"Learner {n}" for n in range(40))


def test_racing_joins_never_overfill_a_class(store, store_address):
    store.create_class("ABC234", INFO, START, expires_at=LATER)
    joined = _in_processes(_join_many, store_address, [(number * 4, 4, 10) for number in range(PROCESSES)])
    assert sum(len(names) for names in joined) == 10
    assert len(store.learners("ABC234")) == 10


def test_answers_from_several_processes_are_all_kept_while_the_teacher_moves_on(store, store_address):
    store.create_class("ABC234", INFO, START, expires_at=LATER)
    context = multiprocessing.get_context("spawn")
    with context.Manager() as manager, context.Pool(PROCESSES) as pool:
        start = manager.Barrier(PROCESSES + 1)
        pending = pool.starmap_async(
            _answer_many, [(store_address, start, number * 5, 5) for number in range(PROCESSES)]
        )
        start.wait()
        versions = [
            store.set_position("ABC234", {"step": step, "revealed": [], "reached": step}) for step in range(2, 32)
        ]
        pending.get(timeout=120)
    assert versions == list(range(1, 31))
    answers = store.answers("ABC234")
    assert len(answers) == 80 and len({(answer.token, answer.step) for answer in answers}) == 80
    assert sum(answer.right for answer in answers) == 40
