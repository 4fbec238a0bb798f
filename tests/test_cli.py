"""python -m tutor simulate / bench print JSON; same seed, same output."""

import itertools
import json
import subprocess
import sys
import time

import pytest

from tutor.cli import SLICE, take_turns


def run(*args):
    done = subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, check=True)
    return done.stdout


def test_simulate_is_deterministic_and_complete():
    args = ("simulate", "--game", "monster-trick", "--players", "3", "--games", "20", "--seed", "7")
    first = json.loads(run(*args))
    assert first == json.loads(run(*args))
    assert first["player_actions"] == 20 * 3 * (36 + 3)  # plays and predictions
    assert first["plays"] == 20 * 3 * 36
    assert sum(first["tricks_won_per_seat"]) > 0
    assert sum(first["score_distribution"].values()) == 20 * 3
    assert first != json.loads(run(*args[:-1], "8"))


def test_bench_prints_a_json_line_per_player_count():
    lines = [json.loads(line) for line in run("bench", "--game", "monster-trick", "--seconds", "0.05").splitlines()]
    assert [line["players"] for line in lines] == [2, 3, 4, 5]
    assert all(line["actions_per_second"] > 0 for line in lines)
    assert all(line["baseline"].startswith("open_spiel oh_hell") for line in lines)
    for line in lines:  # with the bench extra, each line carries the baseline timed in the same run
        if line["baseline_actions_per_second"] is not None:
            assert line["ratio_to_baseline"] == pytest.approx(
                line["actions_per_second"] / line["baseline_actions_per_second"], rel=0.01
            )


def test_the_baseline_and_the_game_take_turns_until_each_had_its_time():
    played = []

    def games(name, actions):
        while True:
            played.append(name)
            spin = time.process_time()
            while time.process_time() - spin < 0.002:
                pass
            yield actions

    (games_a, actions_a, spent_a), (games_b, actions_b, spent_b) = take_turns([games("a", 3), games("b", 5)], 0.3)
    assert spent_a >= 0.3 and spent_b >= 0.3
    assert (actions_a, actions_b) == (3 * games_a, 5 * games_b)
    changes = sum(first != second for first, second in itertools.pairwise(played))
    assert changes >= 2 * int(0.3 / SLICE) - 1  # turn after turn, not one run and then the other


def test_unknown_file_gives_a_message_and_exit_code():
    done = subprocess.run([sys.executable, "-m", "tutor", "check", "missing.yaml"], capture_output=True, text=True)
    assert done.returncode == 1 and "missing.yaml: the file cannot be read" in done.stdout
    assert "Traceback" not in done.stderr
