"""Broken and hostile lesson and record files (issue 16): a generated corpus of a few hundred
of each, covering wrong types and ranges, unknown and missing fields, huge numbers, deep
nesting, alias bombs, tags, control characters, bad encodings, oversized files, cut files,
tampered records, pipes and devices. Each must be refused in one line naming the file:
no traceback, no hang (a per-file alarm kills the run) and no memory blow-up (the run has
an address-space limit, and running out of memory would show as "too big or too tangled")."""

from __future__ import annotations

import copy
import datetime
import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import yaml
from one_file import one_file
from random_play import finished

from tutor import messages, records
from tutor.games import danger13, monster_trick, thricewise
from tutor.lessons import bundled_lessons

PER_FILE_SECONDS = 5  # guard, not a timing assertion: a hang is killed, not measured
MEMORY_LIMIT = 768 * 1024 * 1024  # the tutor needs about 60 MB; an alias bomb wanted gigabytes
PYTHON_WORDS = (
    "Traceback",
    "object has no attribute",
    "NoneType",
    "unhashable",
    "invalid literal",
    "not subscriptable",
    "not iterable",
    "Error:",
    "<class",
    "KeyError",
    "TypeError",
    "ValueError",
)

# ------------------------------------------------------------------ hostile pieces of YAML
NOT_TEXT = [["a", "b"], 5, {}, True, 1.5, "", "   ", {"en": ["x"]}, {"english": "x"}, {"en": ""}, {"en": 5}]
NOT_WHOLE = [1.5, True, "3", [3], {"a": 3}, datetime.date(2024, 1, 1), "2024-01-01", "1e5", float("inf")]
NOT_WORDS = [[["x"]], "x", [1], {"a": 1}, [""], ["a\nb"], [None], 5]


def bomb(levels: int, width: int = 9) -> str:
    """A 'billion laughs' alias bomb: each level repeats the one before ``width`` times."""
    lines = ['l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, levels + 1):
        lines.append(f"l{level}: &l{level} [" + ", ".join([f"*l{level - 1}"] * width) + "]")
    return "\n".join(lines) + "\n"


def deep(kind: str, depth: int) -> str:
    return {
        "list": "[" * depth + "]" * depth,
        "map": "{a: " * depth + "1" + "}" * depth,
        "mixed": "[{a: " * (depth // 2) + "1" + "}]" * (depth // 2),
    }[kind]


def yaml_level_cases(rng: random.Random, base: str, field: str) -> list[tuple[str, bytes]]:
    """Cases that every file kind must refuse whatever it holds, built on the good text
    ``base`` whose top-level ``field`` they replace or add."""
    cases: list[tuple[str, bytes]] = []

    def put(name: str, value_text: str) -> None:
        cases.append((name, (base + f"extra_{field}: {value_text}\n").encode()))

    def replace_first_line(name: str, text: str) -> None:
        cases.append((name, text.encode("utf-8", "surrogatepass")))

    for digits in (19, 40, 4301, 5000, 20000):
        replace_first_line(
            f"huge-int-{digits}",
            base.replace("\nseed:", f"\nseed: {'9' * digits}\nold_seed:", 1)
            if "\nseed:" in base
            else base + f"seed: -{'7' * digits}\n",
        )
    for kind in ("list", "map", "mixed"):
        for depth in (30, 200, 1000, 5000, 20000):
            replace_first_line(f"deep-{kind}-{depth}", f"{field}: {deep(kind, depth)}\n" + base)
    replace_first_line("deep-block-40", "".join("  " * level + "a:\n" for level in range(40)) + "  " * 40 + "b: 1\n")
    for levels in (3, 6, 8, 9):
        replace_first_line(f"alias-bomb-{levels}", bomb(levels) + base)
        replace_first_line(
            f"alias-bomb-in-{field}-{levels}",
            base.replace(f"\n{field}:", f"\nold_{field}:", 1) + bomb(levels) + f"{field}: *l{levels}\n",
        )
    replace_first_line("anchor-and-alias", f"x: &a {{b: 1}}\n{base}y: *a\n")
    replace_first_line("merge-key", f"base: &b {{q: 1}}\n{base}more:\n  <<: *b\n")
    replace_first_line("undefined-alias", base + "extra: *nowhere\n")
    for number, tag in enumerate(
        (
            "!!python/object/apply:os.system [echo hi]",
            "!!python/name:os.system",
            "!!binary aGVsbG8=",
            "!!set {a, b}",
            "!!omap [a: 1]",
            "!!timestamp 2024-01-01",
            "!custom x",
            "!!str 5",
            "!!int 5",
            "! x",
            "!!float 1",
        )
    ):
        put(f"tag-{number}", tag)
    replace_first_line("tag-directive", "%TAG !e! tag:example.com,2024:\n---\n" + base + "x: !e!thing 1\n")
    for number, raw in enumerate(
        ("\x00", "\x1b[31mred\x1b[0m", "\x07", "\x7f", "\x85", "\u202e", "\u2028", "\ufeff", "\x9b31m", "\x08\x08")
    ):
        replace_first_line(f"raw-control-{number}", f"# {raw}\n" + base if number % 2 else base + f"x{raw}y: 1\n")
    for number, escape in enumerate(
        ("\\e[31m", "\\x00", "\\ud800", "\\udfff", "\\u202e", "\\u2028", "\\r", "\\x85", "\\a", "\\b", "\\x9b")
    ):
        put(f"escaped-control-{number}", f'"a{escape}b"')
    replace_first_line("lone-surrogate-raw", base + "x: \ud83d\n")
    cases.append(("not-utf8", base.encode() + b"\nx: \xff\xfe\xfa\n"))
    cases.append(("latin-1", (base + "x: \u00e9t\u00e9\n").encode("latin-1")))
    cases.append(("utf-16", base.encode("utf-16")))
    cases.append(("nul-bytes", b"\x00" * 64 + base.encode()))
    for number in range(3):
        cases.append((f"random-bytes-{number}", rng.randbytes(rng.randrange(10, 4000))))
    cases.append(("too-big", (base + "#" + "x" * 1_100_000 + "\n").encode()))
    cases.append(("too-big-value", (base + f"{field}_note: '" + "y" * 1_100_000 + "'\n").encode()))
    cases.append(("many-entries", (base + "x: [" + "1," * 60_000 + "1]\n").encode()))
    for name, text in (
        ("empty", ""),
        ("comments-only", "# nothing here\n"),
        ("a-list", "- a\n- b\n"),
        ("a-scalar", "just some words\n"),
        ("a-number", "42\n"),
        ("null", "null\n"),
        ("empty-map", "{}\n"),
        ("two-documents", base + "---\nb: 2\n"),
        ("document-markers", "---\n...\n"),
        ("duplicate-key", f"{field}: a\n" + base),
        ("complex-key", "? [a]\n: 1\n" + base),
        ("flow-complex-key", "{[a]: 1}\n"),
        ("unclosed", base + "x: [unclosed\n"),
        ("tab-indent", base + "x:\n\t- a\n"),
        ("bad-indent", base + "x:\n  a: 1\n b: 2\n"),
    ):
        replace_first_line(name, text)
    return cases


def special_files(folder: Path) -> list[Path]:
    """A pipe with no writer, devices, a folder, missing and dangling names: none may block."""
    paths = []
    fifo = folder / "a-pipe.yaml"
    os.mkfifo(fifo)
    paths.append(fifo)
    for device in ("/dev/zero", "/dev/null", "/dev/urandom"):
        link = folder / f"device-{Path(device).name}.yaml"
        link.symlink_to(device)
        paths.append(link)
    directory = folder / "a-folder.yaml"
    directory.mkdir()
    paths.append(directory)
    dangling = folder / "dangling.yaml"
    dangling.symlink_to(folder / "nowhere.yaml")
    paths += [dangling, folder / "missing.yaml"]
    return paths


# ---------------------------------------------------------------------------- lessons
LESSON_VALUES = {
    "game": [5, ["monster-trick"], "chess", "Monster-Trick", "", {"a": 1}],
    "title": NOT_TEXT + ["two\nlines", {"en": "two\nlines"}],
    "summary": NOT_TEXT,
    "minutes": NOT_WHOLE + [-5, 0, 1000],
    "seed": NOT_WHOLE,
    "players": NOT_WHOLE + [1, 9, 0, -4],
    "rules": NOT_WORDS + [["no.such-rule"]],
    "options": [[["a"]], "fast", {"x": 1}, {"nonexistent": "x"}, {"start_rule": ["x"]}, 5],
    "position": [[1], "x", 5, True],
    "steps": [[], "x", [1], [["say"]], {"say": "x"}, [None]],
    "titel": ["A typo"],
    "won": [True],
    "": [1],
}
STEP_VALUES = {
    "say": NOT_TEXT,
    "try": [
        ["a"],
        5,
        True,
        {"accept": "x"},
        {"prompt": ["a"]},
        {"prompt": "x", "other": 1},
        {"prompt": "x", "accept": 5},
        {"prompt": "x", "accept": "not a move at all"},
        {"prompt": "x", "accept": [["a"]]},
    ],
    "highlight": [5, {"a": 1}, [["a"]], [1], "slot 1", ["a\nb"]],
    "move": [5, [["a"]], {"a": 1}, "", "not a move at all", "Nobody: green 1 -> 1", ["a\nb"]],
    "check": [[["a"]], 5, "x", {"no_such_check": 1}],
    "rules": NOT_WORDS + [["no.such-rule"]],
    "sya": ["typo"],
    "moves": ["x"],
}


def lesson_cases(rng: random.Random) -> list[tuple[str, bytes]]:
    bases = [path for game in ("monster-trick", "danger-13", "thricewise") for path in bundled_lessons(game)[:3]]
    cases = []
    for number, path in enumerate(bases):
        text = one_file(path)  # a shipped lesson's texts written in it: each case is one file
        data = yaml.safe_load(text)

        def dump(name: str, changed: dict, number: int = number) -> None:
            cases.append((f"lesson{number}-{name}", yaml.safe_dump(changed, allow_unicode=True).encode()))

        for field, values in LESSON_VALUES.items():
            for index, value in enumerate(values):
                if rng.random() < 0.4:
                    changed = copy.deepcopy(data)
                    changed[field] = value
                    dump(f"{field}-{index}", changed)
            changed = copy.deepcopy(data)
            if changed.pop(field, None) is not None and field in ("game", "title", "steps"):
                dump(f"{field}-missing", changed)
        for field in ("title", "say", "minutes", "seed", "players", "seats", "position", "steps", "rules"):
            changed = copy.deepcopy(data)
            target = changed["steps"][0] if field == "say" else changed
            target[field] = None
            dump(f"{field}-empty", changed)
        for field, values in STEP_VALUES.items():
            for index, value in enumerate(values):
                if rng.random() < 0.3:
                    changed = copy.deepcopy(data)
                    rng.choice(changed["steps"])[field] = value
                    dump(f"step-{field}-{index}", changed)
        seats = data["seats"]
        first, second = (seat["en"] if isinstance(seat, dict) else seat for seat in seats[:2])  # or named per language
        per_language = {"en": "Red", "fr": "Rouge", "nl": "Rood"}
        for name, bad_seats in (
            ("same", [seats[0]] + seats[:-1]),
            ("same-case", [seats[0], first.upper()] + seats[2:]),
            ("count", seats[:-1]),
            ("colon", ["a:b"] + seats[1:]),
            ("long", ["x" * 40] + seats[1:]),
            ("blank", ["  "] + seats[1:]),
            ("numbers", list(range(len(seats)))),
            ("newline", ["a\nb"] + seats[1:]),
            ("text", "Red"),
            ("no-dutch", [{"en": "Red", "fr": "Rouge"}] + seats[1:]),
            ("german", [{**per_language, "de": "Rot"}] + seats[1:]),
            ("language-code", [{"EN": "Red"}] + seats[1:]),
            ("language-list", [{**per_language, "fr": ["Rouge"]}] + seats[1:]),
            ("other-seats-name", [{**per_language, "nl": second.upper()}] + seats[1:]),
            ("language-colon", [{**per_language, "fr": "a:b"}] + seats[1:]),
        ):
            changed = copy.deepcopy(data)
            changed["seats"] = bad_seats
            dump(f"seats-{name}", changed)
        changed = copy.deepcopy(data)
        changed["players"] = len(seats) + 1 if len(seats) < 5 else 2
        dump("players-not-seats", changed)
        cut = text.index("\nsteps:")
        for _ in range(3):
            cases.append((f"lesson{number}-cut", text[: rng.randrange(1, cut)].encode()))
    base = one_file(bases[0])
    cases += [(f"lesson-{name}", content) for name, content in yaml_level_cases(rng, base, "title")]
    return cases


def write_corpus(folder: Path, cases: list[tuple[str, bytes]]) -> list[Path]:
    folder.mkdir()
    paths = []
    for number, (name, content) in enumerate(cases):
        path = folder / f"{number:03d}-{name}.yaml"
        path.write_bytes(content)
        paths.append(path)
    return paths


def run_guarded(script: str, *args: str) -> subprocess.CompletedProcess:
    """``script`` in a fresh Python with a memory limit; it sets a per-file alarm itself."""

    def limit_memory():
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    return subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        errors="backslashreplace",
        preexec_fn=limit_memory,
        timeout=120,
    )


CHECK_DRIVER = """
import signal, sys
import tutor.cli as cli
checked, current = cli.check_file, sys.argv[1]
def guarded(file):
    with open(current, "w") as note:
        note.write(file)
    signal.alarm({seconds})  # no handler: the run dies, the test names the file
    try:
        return checked(file)
    finally:
        signal.alarm(0)
cli.check_file = guarded
sys.exit(cli.main(["check", *sys.argv[2:]]))
"""


def test_every_broken_lesson_is_refused_in_one_line(tmp_path):
    rng = random.Random(16)
    cases = lesson_cases(rng)
    paths = write_corpus(tmp_path / "lessons", cases) + special_files(tmp_path)
    assert len(paths) >= 200
    current = tmp_path / "current"
    done = run_guarded(CHECK_DRIVER.format(seconds=PER_FILE_SECONDS), str(current), *map(str, paths))
    assert done.returncode != -signal.SIGALRM, f"{current.read_text()} took more than {PER_FILE_SECONDS} s"
    assert done.returncode == 1, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    lines = done.stdout.splitlines()
    assert done.stderr == messages.msg("lesson.summary-failed", failures=len(lines), count=len(paths)) + "\n"
    reported = {
        path: [line for line in lines if line.startswith(f"{path}:") or line.startswith(f"{path},")]
        for path in map(str, paths)
    }
    assert sum(map(len, reported.values())) == len(lines), "a line that names no file"
    silent = [path for path, found in reported.items() if not found]
    assert silent == [], "files accepted or not reported"
    assert_plain_words(lines)


def assert_plain_words(lines: list[str]) -> None:
    for line in lines:
        assert line.isprintable(), line
        assert not any(word in line for word in PYTHON_WORDS), line
        assert "too tangled" not in line, line  # a limit refused the file before memory ran out
        assert "fault in the tutor" not in line, line


# ---------------------------------------------------------------------------- records
def record_bases() -> list[tuple[object, str]]:
    states = [
        finished(monster_trick, 3, 1, seat_names=["Ann", "Ben", "Cleo"]),
        finished(monster_trick, 5, 2),
        finished(danger13, 3, 3),
        finished(danger13, 4, 4, first_player=2),
        finished(thricewise, 2, 5),
        finished(thricewise, 4, 6),
    ]
    unfinished = monster_trick.new_game(4, seed=7)
    rng = random.Random(7)
    for _ in range(30):
        unfinished.push(unfinished.random_move(rng))
    return [(state, records.dumps(state)) for state in states + [unfinished]]


RECORD_VALUES = {
    "game": [5, ["monster-trick"], "chess", "", {"a": 1}],
    "format": [99, 0, 2, -1, "1", 1.5, True],
    "players": NOT_WHOLE + [1, 9, 0],
    "seed": NOT_WHOLE,
    "first_player": NOT_WHOLE + [-1, 5],
    "options": [[["a"]], "fast", {"x": 1}, {"nonexistent": "x"}, 5],
    "moves": ["x", 5, [["a"]], {"a": "b"}, [5], ["Nobody: vp 1 2 3"], ["a\nb"], [""]],
    "result": [5, [], {"returns": "x"}, {"returns": [1]}, {"winners": ["Ann"]}, {"returns": [], "winners": []}],
    "won": [True],
    "comment": ["hi"],
    "Result": [{}],
}


def record_cases(rng: random.Random) -> list[tuple[str, bytes]]:
    cases = []
    for number, (state, text) in enumerate(record_bases()):
        data = yaml.safe_load(text)

        def dump(name: str, changed: dict, number: int = number) -> None:
            cases.append((f"record{number}-{name}", yaml.safe_dump(changed, allow_unicode=True).encode()))

        for field, values in RECORD_VALUES.items():
            for index, value in enumerate(values):
                if rng.random() < 0.3:
                    changed = copy.deepcopy(data)
                    changed[field] = value
                    dump(f"{field}-{index}", changed)
        for field in ("game", "players", "seed", "moves"):
            changed = copy.deepcopy(data)
            del changed[field]
            dump(f"{field}-missing", changed)
            changed[field] = None
            dump(f"{field}-empty", changed)
        seats = data["seats"]
        for name, bad_seats in (
            ("same", [seats[0]] + seats[:-1]),
            ("same-case", [seats[0], seats[0].upper()] + seats[2:]),
            ("count", seats[:-1]),
            ("colon", ["a:b"] + seats[1:]),
            ("long", ["x" * 40] + seats[1:]),
            ("numbers", list(range(len(seats)))),
        ):
            changed = copy.deepcopy(data)
            changed["seats"] = bad_seats
            dump(f"seats-{name}", changed)
        moves = data["moves"]
        with_movers = [index for index, move in enumerate(moves) if ": " in move]
        for index in rng.sample(with_movers, 2):
            changed = copy.deepcopy(data)
            mover, move = moves[index].split(": ", 1)
            changed["moves"][index] = f"{rng.choice([seat for seat in seats if seat != mover])}: {move}"
            dump(f"move-{index}-other-mover", changed)
            changed["moves"][index] = "purple 99 -> 1"
            dump(f"move-{index}-garbage", changed)
        if state.game_id != "thricewise":  # Thricewise's placing order follows the ranks, not the first player
            changed = copy.deepcopy(data)
            changed["first_player"] = (data["first_player"] + 1) % state.players
            dump("other-first-player", changed)
        changed = copy.deepcopy(data)
        changed["seed"] = data["seed"] + 1
        dump("other-seed", changed)
        if "result" in data:
            changed = copy.deepcopy(data)
            changed["result"]["returns"][0] += 1
            dump("returns-changed", changed)
            changed = copy.deepcopy(data)
            changed["result"]["winners"] = [seat for seat in seats if seat not in data["result"]["winners"]][:1]
            dump("winners-changed", changed)
            changed = copy.deepcopy(data)
            changed["moves"].append(moves[-1])
            dump("move-after-the-end", changed)
            lines = text.splitlines(keepends=True)
            for cut in sorted(rng.sample(range(1, len(lines)), 6)):
                cases.append((f"record{number}-cut-at-line-{cut}", "".join(lines[:cut]).encode()))
            for _ in range(3):
                cases.append((f"record{number}-cut-in-a-line", text[: rng.randrange(1, len(text) - 1)].encode()))
        else:
            changed = copy.deepcopy(data)
            changed["result"] = {"returns": [1.0] * state.players, "winners": [seats[0]]}
            dump("result-of-an-unfinished-game", changed)
    cases += [(f"record-{name}", content) for name, content in yaml_level_cases(rng, record_bases()[0][1], "moves")]
    return cases


LOAD_DRIVER = """
import json, os, signal, sys
from tutor import messages, records
for name in sys.argv[1:]:
    signal.alarm({seconds})  # no handler: the run dies, the test names the file
    for how in ("file", "upload") if os.path.isfile(name) else ("file",):
        print(json.dumps([name, how]), file=sys.stderr, flush=True)
        try:
            if how == "file":
                records.load(name)
            else:
                with open(name, "rb") as file:
                    records.load(name, text=file.read())
            outcome = ["accepted", ""]
        except records.RecordError as error:
            outcome = ["refused", str(error)]
        except BaseException as error:
            outcome = ["raised", repr(error)]
        print(json.dumps([name, how, *outcome]), flush=True)
    signal.alarm(0)
"""


def test_every_broken_record_is_refused_in_one_line(tmp_path):
    rng = random.Random(61)
    paths = write_corpus(tmp_path / "records", record_cases(rng)) + special_files(tmp_path)
    assert len(paths) >= 200
    done = run_guarded(LOAD_DRIVER.format(seconds=PER_FILE_SECONDS), *map(str, paths))
    assert done.returncode != -signal.SIGALRM, f"{done.stderr.splitlines()[-1]} took more than {PER_FILE_SECONDS} s"
    assert done.returncode == 0, done.stderr[-2000:]
    outcomes = [json.loads(line) for line in done.stdout.splitlines()]
    assert {name for name, *_ in outcomes} == set(map(str, paths))
    wrong = [
        (Path(name).name, how, outcome, message)
        for name, how, outcome, message in outcomes
        if outcome != "refused" or not message.startswith(f"{name}")
    ]
    assert wrong == []
    assert_plain_words([message for *_, message in outcomes])


def test_the_corpus_holds_each_kind_of_breakage():
    """The categories of issue 16 are all in the corpus (a guard against a generator
    change quietly dropping one)."""
    names = " ".join(name for name, _ in lesson_cases(random.Random(16)) + record_cases(random.Random(61)))
    for kind in (
        "huge-int",
        "deep-list",
        "deep-map",
        "alias-bomb",
        "tag-",
        "raw-control",
        "escaped-control",
        "not-utf8",
        "too-big",
        "cut",
        "seats-same",
        "minutes-",
        "seed-",
        "title-",
        "step-say",
        "step-highlight",
        "format-",
        "won-",
        "other-first-player",
        "returns-changed",
        "cut-at-line",
    ):
        assert kind in names, kind
