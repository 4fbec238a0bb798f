"""Checks that let a lesson state every rule: each one holds on the shipped lessons and
fails, in words, when a lesson or record check states it wrongly."""

import random
import textwrap
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from one_file import one_file

from tutor import messages, records
from tutor.cli import main
from tutor.games import game as registered
from tutor.games import games
from tutor.games import thricewise as tw
from tutor.lessons import check_lesson, load_lesson, unnamed_notes
from tutor.record_checks import check_file

ROOT = Path(__file__).resolve().parent.parent
SHIPPED_RECORD_CHECKS = sorted((ROOT / "tutor" / "lessons").glob("*/records/*.yaml"))


def write(tmp_path, text, name="lesson.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return str(path)


def shipped(game_folder, name):
    """A shipped lesson as one file (a record check as it is)."""
    path = ROOT / "tutor" / "lessons" / game_folder / name
    return path.read_text() if path.parent.name == "records" else one_file(path)


def one_failure(path):
    failures = check_lesson(path)
    assert len(failures) == 1, failures
    return failures[0]


# ---------------------------------------------------------------- Monster Trick
END_OF_ROUND = shipped("monster_trick", "06-end-of-a-round.yaml")


@pytest.mark.parametrize(
    "right, wrong, expected",
    [
        (
            "round_scores: {Orange: [1], Red: [1], Gray: [2], Blue: [3]}",
            "round_scores: {Blue: [2]}",
            "check 'round_scores': the lesson expects Blue: [2], but the engine says Blue: [3].",
        ),
        # the yellow trick Blue claimed was never finished: it must not count
        (
            "round_tricks: {Orange: [1], Red: [2], Gray: [2], Blue: [6]}",
            "round_tricks: {Blue: [7]}",
            "check 'round_tricks': the lesson expects Blue: [7], but the engine says Blue: [6].",
        ),
    ],
)
def test_monster_trick_round_facts_stated_wrongly_fail(tmp_path, right, wrong, expected):
    path = write(tmp_path, END_OF_ROUND.replace(right, wrong))
    assert one_failure(path).endswith("step 3: " + expected)


def test_round_tricks_of_rounds_before_the_position_are_unknown(tmp_path):
    text = shipped("monster_trick", "09-end-of-the-game.yaml").replace(
        "      winners: [Red]", "      winners: [Red]\n      round_tricks: {Orange: [1, 1, 2]}"
    )
    assert "the lesson expects Orange: [1, 1, 2], but the engine says Orange: ['?', '?', 2]" in one_failure(
        write(tmp_path, text)
    )


@pytest.mark.parametrize(
    "change, expected",
    [
        ("deck: {cards: 48, highest: 12}", "deck: {cards: 48, highest: 9}"),
        ("deck: {cards: 48, highest: 12}", "deck: {cards: 60}"),
        ("hand_sizes: {Orange: 12, Red: 12, Gray: 12, Blue: 12}", "hand_sizes: {Blue: 11}"),
    ],
)
def test_monster_trick_deck_and_hands_stated_wrongly_fail(tmp_path, change, expected):
    text = shipped("monster_trick", "01-deal-and-predict.yaml")
    failure = one_failure(write(tmp_path, text.replace(change, expected)))
    assert f"step 1: check '{expected.split(':')[0]}'" in failure


# ---------------------------------------------------------------- Danger 13
ARROWS = shipped("danger13", "09-arrows.yaml")


@pytest.mark.parametrize(
    "wrong, expected",
    [
        (
            "discards: {count: 2, top: [plain 4, arrow]}",
            "check 'discards': the lesson expects ['plain 4', 'arrow'], but the engine says ['arrow', 'plain 4'].",
        ),
        (
            "discards: {count: 3, top: [arrow, plain 4]}",
            "check 'discards': the lesson expects 3 cards, but the engine says 2 cards.",
        ),
    ],
)
def test_danger13_discards_stated_wrongly_fail(tmp_path, wrong, expected):
    path = write(tmp_path, ARROWS.replace("discards: {count: 2, top: [arrow, plain 4]}", wrong))
    assert one_failure(path).endswith("step 2: " + expected)


# ---------------------------------------------------------------- notes
def test_steps_expose_their_notes():
    lesson = load_lesson(ROOT / "tutor" / "lessons" / "danger13" / "10-13-18-cards.yaml")
    assert [step.notes for step in lesson.steps] == [["d13.zero-values"]] * 4 + [["d13.arrow-raise", "d13.zero-values"]]


@pytest.mark.parametrize(
    "folder, name, note, step",
    [
        ("danger13", "10-13-18-cards.yaml", "d13.arrow-raise", "Red: 13-18 -> 3"),  # no arrow in that step
        ("danger13", "11-hand-cards.yaml", "d13.hand-which", "Blue: refuse plain 4"),  # one hand card only
        ("thricewise", "06-set.yaml", "tw.mixed-value", "Ben: place Sea 3,2"),  # three Crowns: no number card
        ("thricewise", "07-run.yaml", "tw.run-rule", "Ada: place Painter 3,1"),  # 1-2-3: both readings agree
        ("thricewise", "11-the-last-turn.yaml", "tw.shared-win", "Cleo: place Mill 3,3"),  # Cleo wins alone
        ("thricewise", "06-set.yaml", "tw.every-line", "Ada: place Cave 3,1"),  # one line, one kind
        (
            "thricewise",
            "10-placing-set-aside-cards.yaml",
            "tw.deferred-score",
            "Ada: place Market 0,2",
        ),  # not set aside
        ("thricewise", "05-flush.yaml", "tw.double-suit", "Ada: place Mill 0,2"),  # the cards share Waves only
    ],
)
def test_a_note_that_does_not_apply_at_its_step_fails(tmp_path, folder, name, note, step):
    lines = shipped(folder, name).splitlines(keepends=True)
    at = lines.index(f'    move: "{step}"\n') + 1
    end = next((i for i in range(at, len(lines)) if lines[i].startswith("  - ")), len(lines))
    named = [i for i in range(at, end) if lines[i].startswith("    notes: [")]
    if named:  # the notes the step relies on stay, the wrong one joins them
        lines[named[0]] = lines[named[0]].replace("notes: [", f"notes: [{note}, ")
    else:
        lines.insert(at, f"    notes: [{note}]\n")
    path = write(tmp_path, "".join(lines))
    failure = one_failure(path)
    assert f"the step names the note '{note}', but nothing in this step depends on it." in failure


def test_a_flush_of_two_suits_relies_on_its_note(tmp_path):
    path = write(
        tmp_path,
        """
        game: thricewise
        title: Two suits
        players: 2
        seats: [Ada, Ben]
        position:
          grid:
            "1,1": [Mountain, Diplomat]
            "1,2": [Ace of Knots, Ace of Wyrms]
          hands:
            Ada: [Pact, Author, Sea]
            Ben: [End, Savage, Mill]
        steps:
          - move: ["pick 1 Pact", "pick 2 End", "Ada: place Pact 3,1"]
            notes: [tw.double-suit, tw.run-rule]
            check:
              triads: [flush 4]
    """,
    )
    assert check_lesson(path) == []


def test_a_shared_win_relies_on_its_note():
    data = yaml.safe_load(shipped("thricewise", "records/shared-win.yaml"))["record"]
    final = records.load("game.yaml", text=yaml.safe_dump(data))
    assert registered("thricewise").notes["tw.shared-win"](final, final)


def test_the_variant_note_needs_the_variant(tmp_path):
    text = (
        shipped("monster_trick", "10-start-player-variant.yaml")
        .replace("options: {start_rule: left-of-winner}\n", "")
        .replace("      starter: Gray", "      starter: Red")
    )
    failures = check_lesson(write(tmp_path, text))
    assert len(failures) == 2 and all("nothing in this step depends on it" in failure for failure in failures)


def test_a_note_without_a_test_is_refused_not_accepted(tmp_path):
    text = ARROWS.replace(
        '    move: "Red: arrow -> 4"\n', '    move: "Red: arrow -> 4"\n    notes: [d13.deck-values]\n'
    )
    assert "the tutor has no way yet to tell where that note applies" in one_failure(write(tmp_path, text))


def test_a_rule_is_not_a_note(tmp_path):
    text = ARROWS.replace('    move: "Red: arrow -> 4"\n', '    move: "Red: arrow -> 4"\n    notes: [d13.arrow]\n')
    assert "'d13.arrow' is a rule of the game, not a note or a variant" in one_failure(write(tmp_path, text))


def test_every_note_can_be_tested_except_the_deck_spread():
    untested = {
        rule.id
        for entry in games().values()
        for rule in entry.rule_list
        if rule.kind != "rule" and rule.id not in entry.notes
    }
    assert untested == {"d13.deck-values"}


# ---------------------------------------------------------------- Thricewise
def test_a_deck_smaller_than_the_table_is_explained(tmp_path):
    text = shipped("thricewise", "11-the-last-turn.yaml").replace("  turn: 9\n", "  turn: 9\n  deck: [Sea, End]\n")
    text = text.replace("    Cleo: [Sea]\n", "    Cleo: []\n").replace("., ., ., End]", "., ., ., .]")
    failure = one_failure(write(tmp_path, text))
    assert "a deck of 2 cards cannot happen with 3 players" in failure
    assert "'Not enough cards for everyone' is an empty deck." in failure


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 5), st.integers(0, 10**6))
def test_the_thricewise_deck_is_always_empty_or_enough_for_everyone(players, seed):
    """Why a lesson cannot show a deck with fewer cards than players: play never makes one."""
    state = tw.new_game(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        assert len(state.deck) % players == 0
        state.push(state.random_move(rng))


def test_a_refused_legal_check_reads_as_one_sentence(tmp_path):
    text = shipped("thricewise", "10-placing-set-aside-cards.yaml").replace(
        'legal: ["place Sailor 3,1"', 'legal: ["place Sailor 1,1"'
    )
    failure = one_failure(write(tmp_path, text))
    assert "check 'legal': the lesson expects 'place Sailor 1,1' to be allowed, but the engine refuses it:" in failure
    assert failure.endswith(".") and not failure.endswith("..")


# ---------------------------------------------------------------- record checks
@pytest.mark.parametrize("lang", messages.LANGUAGES)
@pytest.mark.parametrize("path", SHIPPED_RECORD_CHECKS, ids=lambda path: f"{path.parent.parent.name}/{path.name}")
def test_shipped_record_checks_hold(path, lang):
    """In every language: a seat named per language answers to the names the check writes."""
    before = messages.language()
    messages.set_language(lang)
    try:
        assert check_file(path) == []
    finally:
        messages.set_language(before)


def record_check(tmp_path, shipped_name, **changes):
    folder, name = shipped_name.split("/")
    data = yaml.safe_load(shipped(folder, "records/" + name))
    data.update(changes)
    return write(tmp_path, yaml.safe_dump(data, sort_keys=False), "check.yaml")


@pytest.mark.parametrize(
    "changes, expected",
    [
        (
            {"scores": {"Ann": 13, "Ben": 12}},
            "'scores': the file expects Ann 13, Ben 12, but replaying the record gives Ann 13, Ben 13, Cleo 11.",
        ),
        (
            {"ranking": ["Ben", "Ann", "Cleo"]},
            "'ranking': the file expects Ben > Ann > Cleo, but replaying the record gives Ann > Ben > Cleo.",
        ),
        (
            {"ranking": [["Ann", "Ben"], "Cleo"]},
            "'ranking': the file expects Ann = Ben > Cleo, but replaying the record gives Ann > Ben > Cleo.",
        ),
    ],
)
def test_a_record_stated_to_end_wrongly_fails(tmp_path, changes, expected):
    path = record_check(tmp_path, "monster_trick/tie-broken-by-round-two.yaml", **changes)
    assert check_file(path) == [f"{path}: {expected}"]
    assert main(["check", path]) == 1


def test_a_shared_win_is_one_place_in_the_ranking(tmp_path):
    path = record_check(tmp_path, "thricewise/shared-win.yaml", ranking=["Ada", "Cleo", "Ben"])
    (failure,) = check_file(path)
    assert failure.endswith("the file expects Ada > Cleo > Ben, but replaying the record gives Ada = Cleo > Ben.")


@pytest.mark.parametrize(
    "refused, expected",
    [
        (
            {"move": 1, "rule": "d13.one-each"},
            "the file expects move 1 refused for d13.one-each, but replaying the record "
            "gives move 2 refused for d13.one-each.",
        ),
        (
            {"move": 2, "rule": "d13.deal"},
            "the file expects move 2 refused for d13.deal, but replaying the record "
            "gives move 2 refused for d13.one-each.",
        ),
    ],
)
def test_a_record_stated_to_be_refused_elsewhere_fails(tmp_path, refused, expected):
    path = record_check(tmp_path, "danger13/refused-second-card.yaml", refused=refused)
    (failure,) = check_file(path)
    assert failure.startswith(f"{path}: 'refused': {expected}") and "move 2 ('hand -> 1') is not allowed" in failure


def test_a_refusal_without_a_rule_accepts_any_rule(tmp_path):
    assert check_file(record_check(tmp_path, "danger13/refused-second-card.yaml", refused={"move": 2})) == []


def test_a_record_that_replays_cannot_be_stated_refused(tmp_path):
    data = yaml.safe_load(shipped("danger13", "records/refused-second-card.yaml"))
    data["record"]["moves"].pop()
    path = write(tmp_path, yaml.safe_dump(data), "check.yaml")
    assert check_file(path) == [
        f"{path}: the file expects move 2 to be refused, but the whole record replays (1 move)."
    ]


def test_final_scores_need_a_finished_game(tmp_path):
    data = yaml.safe_load(shipped("danger13", "records/refused-second-card.yaml"))
    data["record"]["moves"].pop()
    del data["refused"]
    data["scores"] = {"Red": 0}
    path = write(tmp_path, yaml.safe_dump(data), "check.yaml")
    assert "the record stops after 1 move, before the end of the game" in check_file(path)[0]


def test_a_record_file_is_found_beside_the_check(tmp_path):
    data = yaml.safe_load(shipped("monster_trick", "records/shared-win.yaml"))
    (tmp_path / "saved").mkdir()
    (tmp_path / "saved" / "game.yaml").write_text(yaml.safe_dump(data["record"]))
    path = write(tmp_path, "record: saved/game.yaml\nranking: [[Ann, Ben], Cleo]\n", "check.yaml")
    assert check_file(path) == []
    missing = write(tmp_path, "record: saved/other.yaml\nranking: [Ann]\n", "missing.yaml")
    assert "other.yaml: the file cannot be read" in check_file(missing)[0]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("record: a.yaml\nscore: {Ann: 1}\n", "there is no field called 'score'"),
        ("record: a.yaml\n", "states nothing about it"),
        ("record: a.yaml\nrefused: {move: 2}\nranking: [Ann]\n", "'refused' cannot go with 'scores' or 'ranking'"),
        ("record: a.yaml\nrefused: {move: two}\n", "'refused' should give the number of the refused move"),
        ("record: 12\nranking: [Ann]\n", "'record' should be the name of a record file, or the record itself"),
        ("record: a.yaml\nranking: Ann\n", "the field 'ranking' should be a list"),
    ],
)
def test_malformed_record_checks_are_named(tmp_path, text, expected):
    path = write(tmp_path, text, "check.yaml")
    (failure,) = check_file(path)
    assert failure.startswith(path) and expected in failure


def test_a_plain_record_is_replayed_by_the_check_command(tmp_path):
    data = yaml.safe_load(shipped("monster_trick", "records/shared-win.yaml"))["record"]
    path = write(tmp_path, yaml.safe_dump(data), "game.yaml")
    assert main(["check", path]) == 0
    data["moves"][5] = "purple 1 -> 9"
    path = write(tmp_path, yaml.safe_dump(data), "game.yaml")
    assert "move 6 ('purple 1 -> 9')" in check_file(path)[0]


def test_record_error_names_the_move_and_the_rule():
    text = shipped("monster_trick", "records/refused-off-colour.yaml")
    record = yaml.safe_dump(yaml.safe_load(text)["record"])
    with pytest.raises(records.RecordError) as refused:
        records.load("r.yaml", text=record)
    assert (refused.value.number, refused.value.rule) == (6, "mt.follow")


# ---------------------------------------------------------------- catalogs


# ---------------------------------------------------------------- positions that cannot happen
WHERE_MAY_A_CARD_GO = shipped("monster_trick", "03-where-may-a-card-go.yaml")


@pytest.mark.parametrize(
    "old, new, expected",
    [
        # lesson 02 as it first shipped: 31 cards played, 5 on the table, 26 for the finished tricks
        (
            "  starter: Gray\n",
            "  starter: Orange\n",
            "position: cards played this round: 31; on the table: 5. So 26 would be in finished tricks; "
            "but a finished trick holds 4 cards, and 26 is not a multiple of 4.",
        ),
        # six tricks finished and nobody has won one
        (
            "  won: {Orange: 2, Red: 1, Gray: 2, Blue: 1}\n",
            "",
            "position: the tricks won add up to 0, but 6 tricks are finished this round (cards played: 29, still on "
            "the table: 5)",
        ),
        ("Gray: 2, Blue: 1}", "Gray: 4, Blue: 1}", "position: the tricks won add up to 8, but 6 tricks are finished"),
    ],
)
def test_monster_trick_counters_that_do_not_add_up_are_refused(tmp_path, old, new, expected):
    assert old in WHERE_MAY_A_CARD_GO
    path = write(tmp_path, WHERE_MAY_A_CARD_GO.replace(old, new))
    assert one_failure(path).startswith(f"{path}: {expected}")


def test_a_card_on_the_table_needs_a_card_gone_from_that_hand(tmp_path):
    path = write(
        tmp_path,
        """
        game: monster-trick
        title: Too early
        seats: [Orange, Red, Gray, Blue]
        position:
          starter: Orange
          to_move: Red
          tricks: {1: ["Red: green 1"]}
          hands:
            Red: [green 2, green 3, green 4, green 5, green 6, green 7, green 8, green 9, green 10, green 11,
                  green 12, yellow 1]
        steps:
          - say: Look.
    """,
    )
    assert one_failure(path) == (
        f"{path}: position: Red has more cards on the table (1) than played this round (0); a hand starts with 12."
    )


@pytest.mark.parametrize("lang, words", [("fr", "26 n'est pas un multiple de 4"), ("nl", "26 is geen veelvoud van 4")])
def test_the_count_refusal_speaks_the_report_language(tmp_path, capsys, lang, words):
    path = write(tmp_path, WHERE_MAY_A_CARD_GO.replace("  starter: Gray\n", "  starter: Orange\n"))
    try:
        assert main(["check", "--lang", lang, path]) == 1
    finally:
        messages.set_language("en")
    assert words in capsys.readouterr().out


def test_a_step_relying_on_an_unnamed_note_is_refused(tmp_path):
    # lesson 09 step 4: a Crown beside number cards scores by the tutor's reading of mixed triads
    text = shipped("thricewise", "08-many-triads-at-once.yaml")
    assert text.count("    notes: [tw.run-rule, tw.mixed-value]\n") == 1
    path = write(tmp_path, text.replace("    notes: [tw.run-rule, tw.mixed-value]\n", "    notes: [tw.run-rule]\n"))
    assert one_failure(path) == (
        f"{path}: step 4: this step relies on the note 'tw.mixed-value' (the tutor's own choice where the rule "
        "sheets are silent), but does not name it: add it to the step's 'notes', so that the page shows it beside "
        "the step."
    )


def test_a_view_note_need_not_be_named():
    # how the banks are shown decides nothing: lesson 04 step 3 shows a bank without naming the note
    lesson = load_lesson(ROOT / "tutor" / "lessons" / "danger13" / "05-one-plus-cards.yaml")
    shown = lesson.states()
    step, before, after = lesson.steps[2], shown[1], shown[2]
    assert registered("danger-13").notes["d13.bank-view"](before, after) and "d13.bank-view" not in step.notes
    assert unnamed_notes(registered("danger-13"), step, before, after) == []


@pytest.mark.parametrize("lang", messages.LANGUAGES)
def test_every_shipped_lesson_passes_the_check_command_in_each_language(capsys, lang):
    files = [str(path) for path in sorted((ROOT / "tutor" / "lessons").glob("*/*.yaml"))]
    try:
        assert main(["check", "--lang", lang, "--require-languages", "en,fr,nl", *files]) == 0, capsys.readouterr().out
    finally:
        messages.set_language("en")
