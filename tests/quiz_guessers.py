"""Naive guessers: people who answer a quiz question from what the practise page shows,
the drawn board (less what the question conceals) and the question's words, without
knowing the rule the question is about. A question kind that such a guesser answers
much better than chance can be answered without the rule, so it teaches nothing.

Every guesser takes a question and gives the index of the choice it picks. Two kinds of
guesser apply to every question kind:

- ``same place``: always the choice in the same place of the list (the best place).
- ``most common``: always the answer that is most often right for this kind (the best
  answer, chosen knowing all the questions: a person who has practised a while).

The other guessers look at one thing on the board or in the question, named per kind
in ``LOOKS_AT``."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable


def _pick(question, value) -> int | None:
    """The index of the choice whose value is ``value``, None when it is not offered."""
    return question.values.index(value) if value in question.values else None


def _seat_choice(question, seat: int) -> int | None:
    return _pick(question, seat)


def most_cards(question):
    """The longest list of cards: "all of them" looks safe."""
    return max(range(len(question.values)), key=lambda index: len(question.values[index]))


def fewest_cards(question):
    """The shortest list of cards: a rule that takes cards out looks strict."""
    return min(range(len(question.values)), key=lambda index: len(question.values[index]))


def two_cards(question):
    """The first list of two cards: the size the right answer has had before."""
    return next((index for index, cards in enumerate(question.values) if len(cards) == 2), 0)


# ------------------------------------------------------------------ Monster Trick
def claim_marker(question):
    """The player whose marker lies beside the trick (only when the board shows it)."""
    if "claims" in question.conceals:
        return None
    return _seat_choice(question, question.position.claim[question.subject.slot])


def opener(question):
    """The player who opened the trick: the leftmost card, its seat dot below it."""
    return _seat_choice(question, question.position.tricks[question.subject.slot][0][0])


def last_card(question):
    """The player laying the 4th card: the prompt names them."""
    return _seat_choice(question, question.position.mover(question.subject))


def biggest_number(question):
    """Whoever played the biggest number on the trick, the new card included, whatever
    its colour (the board shows every value; the colour rule is what is asked)."""
    cards = [
        *question.position.tricks[question.subject.slot],
        (question.position.mover(question.subject), question.subject.card),
    ]
    return _seat_choice(question, max(cards, key=lambda played: played[1].value)[0])


def every_slot(question):
    """The longest list of slots: "anywhere" looks safe."""
    return max(range(len(question.values)), key=lambda index: len(question.values[index]))


def fewest_slots(question):
    """The shortest list of slots: "only one place" looks strict."""
    return min(range(len(question.values)), key=lambda index: len(question.values[index]))


def _asked_seat(question) -> int:
    """The player asked about: an mt-vp question's subject, else the one it marks."""
    if isinstance(question.subject, int):
        return question.subject
    return question.position.seat_names.index(question.marks[0])


def biggest_vp(question):
    """The asked player's biggest VP card (the prompt names all three)."""
    return _pick(question, max(question.position.vp_order[_asked_seat(question)]))


def left_vp(question):
    """The asked player's left VP card: the first one laid."""
    return _pick(question, question.position.vp_order[_asked_seat(question)][0])


def counted_vp(question):
    """The VP card as far from the left as the tricks won: the 1st for one trick, the 2nd
    for two, the 3rd for three (what counting alone gives; no clue past three)."""
    won = question.position.won[_asked_seat(question)]
    if not 1 <= won <= 3:
        return None
    card = question.position.vp_order[_asked_seat(question)][won - 1]
    return _pick(question, won - 1) if question.kind == "mt-vp" else _pick(question, card)


def tricks_won(question):
    """The number of tricks won, as the board and the prompt show it, when it is a choice."""
    return _pick(question, question.position.won[_asked_seat(question)])


def trick_winner(question):
    """The player the prompt says wins the trick (winners lead in many card games)."""
    after = question.position.clone()
    after.push(question.subject)
    return _seat_choice(question, after.completed[-1].winner)


# ------------------------------------------------------------------ Danger 13
def within(distance: int):
    """Yes when the row is at most ``distance`` below its line (the prompt gives both
    numbers, the board draws "n to go"), else no."""

    def guess(question):
        state, seat = question.position, question.subject.seat
        return _pick(question, state.limit(seat) - state.row_sum(seat) <= distance)

    guess.__name__ = f"within {distance} of the line"
    return guess


def everyone(question):
    """Anybody may receive it: the dealer gives cards to whom they like."""
    return _pick(question, tuple(range(question.position.players)))


def all_but_dealer(question):
    """Everyone but the dealer: dealers do not deal to themselves."""
    state = question.position
    return _pick(question, tuple(seat for seat in range(state.players) if seat != state.dealer))


def no_card_tag(question):
    """The players the board does not tag as having had a card this deal (when shown)."""
    if "has-card" in question.conceals:
        return None
    state = question.position
    return _pick(question, tuple(seat for seat in range(state.players) if seat not in state.received))


def plus_cards_counted(question):
    """How many plus cards lie in the asked player's row (counting cards, not points)."""
    state = question.position
    seat = state.seat_names.index(question.marks[0])
    return _pick(question, sum(1 for card in state.rows[seat] if card.plus))


def row_length(question):
    """How many cards lie in the asked player's row."""
    state = question.position
    return _pick(question, len(state.rows[state.seat_names.index(question.marks[0])]))


def _decision(question):
    """The card a hand card's owner answers, the answer, and the row's last card."""
    state = question.position
    return question.subject.card, question.subject.answer, state.rows[state.actor][-1]


def card_alone(question):
    """Only the card answered goes: refusing costs nothing (and a card kept goes too, as
    one the prompt names)."""
    card, _, _ = _decision(question)
    return _pick(question, (card,))


def as_the_words_say(question):
    """A refused card is simply not taken, so it alone goes; a card kept goes nowhere."""
    card, answer, _ = _decision(question)
    return _pick(question, (card,) if answer == "refuse" else ())


def card_and_last(question):
    """The card and the row's last card, the one beside it on the board."""
    card, _, last = _decision(question)
    return _pick(question, tuple(sorted((card, last))))


# ------------------------------------------------------------------ Thricewise
def card_rank(question):
    """The number on the card placed."""
    return _pick(question, question.subject.card.rank)


def asked_player(question):
    """The player the question names."""
    return _seat_choice(question, question.position.mover(question.subject))


def first_seat(question):
    """The first player of the table."""
    return _seat_choice(question, 0)


def by_a_side(question):
    """Yes when the marked place touches a card by a side, no when only by a corner."""
    col, row = question.subject.cell
    grid = question.position.grid
    return _pick(question, any((col + dc, row + dr) in grid for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))))


def inside(question):
    """No when the marked place is on the drawn area's outer ring (the grid would grow
    there), yes when it is a hole among the cards."""
    col, row = question.subject.cell
    low_col, high_col, low_row, high_row = question.position.span
    return _pick(question, low_col <= col <= high_col and low_row <= row <= high_row)


def nothing(question):
    """No card is set aside."""
    return _pick(question, ())


def _last_turn(question):
    """The last turn's cards on show once the last choice is made: (every card turned up,
    the cards set aside on earlier turns, the turned-up cards that share a rank)."""
    after = question.position.clone()
    after.push(question.subject)
    turned_up = tuple(card for card in after.revealed if card is not None)
    earlier = tuple(card for cards in question.position.deferred for card in cards)
    return turned_up, earlier, tuple(after.revealed[seat] for seat in after.tied)


def every_card_turned_up(question):
    """Every turned-up card goes on the grid: each player plays the card they chose."""
    turned_up, _, _ = _last_turn(question)
    return _pick(question, tuple(sorted(turned_up)))


def as_on_any_turn(question):
    """As on any turn: the untied cards go down, and their owners add the cards set aside
    before (the last-turn rule is what is asked)."""
    turned_up, earlier, tied = _last_turn(question)
    return _pick(question, tuple(sorted([*(card for card in turned_up if card not in tied), *earlier])))


def everything_on_show(question):
    """Every card in front of the players goes down at the end: turned up or set aside."""
    turned_up, earlier, _ = _last_turn(question)
    return _pick(question, tuple(sorted([*turned_up, *earlier])))


# ------------------------------------------------------------------ every kind: the surface
# These read only the texts: the prompt and the choices. Where several choices tie, the
# guesser picks one of them blindly (it returns them all).
def _ties(question, key) -> list[int]:
    keys = [key(index) for index in range(len(question.choices))]
    return [index for index, value in enumerate(keys) if value == max(keys)]


def shortest_choice(question):
    """The shortest text: a strict rule says little."""
    return _ties(question, lambda index: -len(question.choices[index]))


def longest_choice(question):
    """The longest text: the careful answer looks complete."""
    return _ties(question, lambda index: len(question.choices[index]))


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


def most_words_shared(question):
    """The choice repeating most of the question's words."""
    asked = _words(question.prompt)
    return _ties(question, lambda index: len(_words(question.choices[index]) & asked))


def fewest_words_shared(question):
    """The choice repeating fewest of the question's words: the odd one out."""
    asked = _words(question.prompt)
    return _ties(question, lambda index: -len(_words(question.choices[index]) & asked))


def other_player(question):
    """A player the question does not name ("the other player"), where the choices are players."""
    names = set(getattr(question.position, "seat_names", ()))
    if not names or not set(question.choices) <= names:
        return None
    others = [index for index, name in enumerate(question.choices) if name not in question.prompt]
    return others or None


SURFACE = (shortest_choice, longest_choice, most_words_shared, fewest_words_shared, other_player)


LOOKS_AT = {
    "mt-where": (every_slot, fewest_slots),
    "mt-trick": (claim_marker, opener, last_card, biggest_number),
    "mt-vp": (counted_vp,),
    "mt-score": (biggest_vp, left_vp, tricks_won, counted_vp),
    "mt-lead": (trick_winner, last_card, opener),
    "d13-bust": tuple(within(distance) for distance in range(1, 8)),
    "d13-draw": tuple(within(distance) for distance in range(1, 8)),
    "d13-receive": (everyone, all_but_dealer, no_card_tag),
    "d13-bank": (plus_cards_counted, row_length),
    "d13-hand": (card_alone, as_the_words_say, card_and_last, most_cards, fewest_cards, two_cards),
    "tw-score": (card_rank,),
    "tw-tie": (nothing,),
    "tw-order": (asked_player, first_seat),
    "tw-cell": (by_a_side, inside),
    "tw-last": (every_card_turned_up, as_on_any_turn, everything_on_show, most_cards, fewest_cards),
}


def _share(pick, question) -> float:
    """How often a guesser's pick is right: a list is a blind pick among its choices;
    None (its clue is not there) a blind pick among all the choices."""
    if pick is None:
        pick = range(len(question.choices))
    picks = [pick] if isinstance(pick, int) else list(pick)
    return sum(index in question.right for index in picks) / len(picks)


def scores(questions, guessers: Iterable = (), surface: bool = True) -> dict[str, float]:
    """Each guesser's share of right answers over ``questions`` (all of one kind), and
    ``chance``: the share a blind pick among the choices gets. A question has
    ``choices``, ``values``, ``prompt`` and ``right`` (the indices of the right choices).
    ``surface``: the choices are texts, so the guessers reading texts apply too."""
    count = len(questions)
    results = {"chance": sum(len(q.right) / len(q.choices) for q in questions) / count}
    places = max(len(q.choices) for q in questions)
    results["same place"] = max(sum(place in q.right for q in questions) for place in range(places)) / count
    common = Counter(repr(q.values[index]) for q in questions for index in q.right)
    results["most common"] = (
        max(sum(answer in {repr(q.values[index]) for index in q.right} for q in questions) for answer in common) / count
    )
    for guesser in (*guessers, *(SURFACE if surface else ())):
        results[guesser.__name__.replace("_", " ")] = sum(_share(guesser(q), q) for q in questions) / count
    return results
