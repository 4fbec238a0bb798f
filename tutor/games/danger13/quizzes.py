"""Danger 13 quiz questions, from positions of seeded bot games."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations

from tutor.games import danger13 as d13
from tutor.messages import either, listed, msg
from tutor.quizzes import CHOICES, Question, make_question, numbers, pick


def busted(after: d13.State, seat: int, before: d13.State) -> bool:
    """The engine's verdict: going from ``before`` to ``after`` ended the round on ``seat`` busting."""
    return len(after.busts) > len(before.busts) and after.busts[-1] == seat


def busts(state: d13.State, move: d13.Give) -> bool:
    """The engine's verdict: after the dealer's give, the round ended with that seat busted."""
    after = state.clone()
    after.push(move)
    return busted(after, move.seat, state)


NEAR = 5  # bust questions ask about rows this close to their line, or closer


def d13_bust(rng: random.Random) -> Question:
    """Does this card bust the player? Asked about rows 1 to NEAR below their line, each
    distance as often, and at each distance half the cards bust: how close the row is
    says nothing, the card given decides."""
    want_bust = rng.random() < 0.5
    distance = rng.randint(1, NEAR)

    def gives(state: d13.State, _: int) -> list[d13.Give]:
        # A hand card lets its owner refuse: leave those rows out, the answer would depend on them.
        return (
            [
                move
                for move in state.legal_moves()
                if isinstance(move, d13.Give)
                and d13.HAND_CARD not in state.rows[move.seat]
                and state.limit(move.seat) - state.row_sum(move.seat) == distance
                and busts(state, move) == want_bust
            ]
            if state.phase == d13.GIVE
            else []
        )

    state, _, move = pick(d13.GAME, rng, gives)
    card, seat = move
    player = state.name(seat)
    answer = busts(state, move)
    if card.kind == d13.INSTANT:
        explanation, rules = [msg("quiz.d13-bust.instant", card=card)], ["d13.instant"]
    else:
        row = state.rows[seat]
        new_row = row[:-1] if card.kind == d13.ARROW else row + (card,)
        probe = state.clone()  # the engine adds up the new row and draws its line
        probe.rows = tuple(new_row if other == seat else other_row for other, other_row in enumerate(state.rows))
        total, line = probe.row_sum(seat), probe.limit(seat)
        if card.kind == d13.ARROW:
            explanation = [
                msg("quiz.d13-bust.arrow", card=row[-1] if row else card, total=total)
                if row
                else msg("quiz.d13-bust.arrow-empty", total=total)
            ]
            rules = ["d13.arrow"] + (["d13.arrow-raise"] if row and row[-1] == d13.RAISE_CARD else [])
        else:
            explanation = [
                msg("quiz.d13-bust.adds", card=card, before=state.row_sum(seat), value=card.value, total=total)
            ]
            rules = ["d13.row"]
        explanation.append(
            msg("quiz.d13-bust.line-raised" if line == d13.RAISED_LIMIT else "quiz.d13-bust.line", line=line)
        )
        rules += ["d13.raise"] if line == d13.RAISED_LIMIT else []
        explanation.append(msg("quiz.d13-bust.bust" if total >= line else "quiz.d13-bust.safe", player=player))
        rules.append("d13.bust")
        if card.kind == d13.DRAW and not answer:
            explanation.append(msg("quiz.d13-bust.draw"))
            rules.append("d13.draw")
    choices = [(msg("quiz.yes"), True), (msg("quiz.no"), False)]
    prompt = {
        "dealer": state.name(state.dealer),
        "card": card,
        "player": player,
        "total": state.row_sum(seat),
        "line": state.limit(seat),
    }
    return make_question(
        d13.GAME_ID,
        "d13-bust",
        state,
        move,
        prompt,
        choices,
        answer,
        explanation,
        rules,
        prompt_key=_prompt(state, move),
    )


def _prompt(state: d13.State, give: d13.Give) -> str:
    """The prompt that tells the deal: the dealer keeping the card is not told as giving it to themself."""
    return "prompt-kept" if give.seat == state.dealer else "prompt"


def _players(state: d13.State, seats: Sequence[int], joined: Callable[[list[str]], str] = listed) -> str:
    """The players named, joined as ``joined`` says (all of them, or any one of them: ``either``)."""
    return joined([state.name(seat) for seat in seats]) if seats else msg("quiz.d13-receive.nobody")


def deal_so_far(state: d13.State) -> tuple[list[d13.Give], set[d13.Give]]:
    """The cards given in this deal, as (card, seat) from the first, and those of them
    refused with a hand card: read back from the moves played."""
    given: list[d13.Give] = []
    refused = set()
    for move in reversed(state.move_stack):
        if len(given) == len(state.received):
            break
        if isinstance(move, d13.Give):
            given.insert(0, move)
        elif isinstance(move, d13.Choice) and move.answer == d13.REFUSE:
            refused.add(move.card)
    return given, {give for give in given if give.card in refused}


def _receive_slips(state: d13.State, answer: tuple[int, ...], rng: random.Random) -> list[tuple[int, ...]]:
    """Three wrong lists of players for d13-receive. Misreadings first, as lists as long as
    the answer: one who had a card (a refused one above all) or the dealer in place of one
    who may. Other lengths only to make up three, one longer or one shorter as often, so
    that neither the shortest nor the longest list is the answer more often than a blind
    pick (the prompt names every player, so no choice is the one naming the unnamed)."""
    size, everyone = len(answer), range(state.players)
    refusers = [give.seat for give in deal_so_far(state)[1]]
    had = [*refusers, *sorted(set(state.received) - set(refusers)), state.dealer]
    swaps = [tuple(sorted({*answer} - {out} | {into})) for into in had if into not in answer for out in answer]
    same_size = [tuple(sorted(seats)) for seats in combinations(everyone, size)]
    rng.shuffle(same_size)
    slips = [seats for seats in dict.fromkeys([*swaps, *same_size]) if seats != answer][: CHOICES - 1]
    counts = [count for count in (size - 1, size + 1) if 0 < count <= state.players]
    rng.shuffle(counts)
    for count in counts:
        others = [tuple(seats) for seats in combinations(everyone, count)]
        rng.shuffle(others)
        slips += others[: CHOICES - 1 - len(slips)]
    return slips


def d13_receive(rng: random.Random) -> Question:
    """Who may receive the turned-up card? (rules d13.one-each, d13.hand-counts) Asked
    while some players have had their card in this deal, so the answer is not everyone.
    The question names every player and tells the deal so far; the board hides who has had
    a card (it would name the answer); a third of the questions have a card refused in
    this deal."""
    want_refused = rng.random() < 1 / 3

    def cards(state: d13.State, _: int) -> list[d13.Card | None]:
        return (
            [state.revealed]
            if state.phase == d13.GIVE and state.received and bool(deal_so_far(state)[1]) == want_refused
            else []
        )

    state, _, card = pick(d13.GAME, rng, cards)
    answer = tuple(sorted({move.seat for move in state.legal_moves() if isinstance(move, d13.Give)}))
    got = tuple(sorted(state.received))
    choices = [(_players(state, seats), seats) for seats in [answer, *_receive_slips(state, answer, rng)]]
    rng.shuffle(choices)
    explanation = [
        msg(
            "quiz.d13-receive.one-each",
            got=[state.name(seat) for seat in got],
            card=card,
            answer=_players(state, answer, either),
        )
    ]
    rules = ["d13.one-each"]
    given, refused = deal_so_far(state)
    if refused:
        explanation.append(msg("quiz.d13-receive.refused-count"))
        rules.append("d13.hand-counts")
    story = listed(
        [
            msg(
                f"quiz.d13-receive.{'kept' if give.seat == state.dealer else 'given'}",
                card=give.card,
                player=state.name(give.seat),
            )
            for give in given
        ]
    )
    refusals = "".join(
        msg("quiz.d13-receive.refused", card=give.card, player=state.name(give.seat)) + " " for give in refused
    )
    prompt = {
        "players": listed(list(state.seat_names)),
        "dealer": state.name(state.dealer),
        "card": card,
        "given": story,
        "refused": refusals,
    }
    return make_question(
        d13.GAME_ID, "d13-receive", state, card, prompt, choices, answer, explanation, rules, conceals=("has-card",)
    )


def banked(state: d13.State, move: d13.Give, seat: int) -> int:
    """Plus points ``seat`` banks when ``move`` ends the round, by the engine's own scoring."""
    after = state.clone()
    after.push(move)
    return after.plus_points(seat) - state.plus_points(seat)


def d13_bank(rng: random.Random) -> Question:
    """The round ends with a bust: how many plus points does a player bank from their row?
    (rules d13.scoring, d13.bust) The answer takes each place among the choices as often;
    when it is first, half the time it is 0 (the player who busts, or a row with no
    plus card)."""
    place = rng.randrange(CHOICES)
    zero = place == 0 and rng.random() < 0.5

    def busting(state: d13.State, _: int) -> list[tuple[d13.Give, int]]:
        if state.phase != d13.GIVE:
            return []
        ends = [
            move
            for move in state.legal_moves()
            if isinstance(move, d13.Give)
            and d13.HAND_CARD not in state.rows[move.seat]
            and move.card.kind != d13.INSTANT
            and busts(state, move)
        ]
        return [
            (move, seat)
            for move in ends
            for seat in range(state.players)
            if (banked(state, move, seat) == 0) == zero and banked(state, move, seat) >= place
        ]

    state, _, (move, seat) = pick(d13.GAME, rng, busting)
    answer = banked(state, move, seat)
    player, buster = state.name(seat), state.name(move.seat)
    row = state.rows[seat]
    plus_cards = [card for card in row if card.plus]
    if seat == move.seat:
        explanation = [msg("quiz.d13-bank.busted", player=player)]
    elif plus_cards:
        explanation = [
            msg(
                "quiz.d13-bank.banked",
                player=player,
                cards=listed([msg("quiz.d13-hand.card", card=card) for card in plus_cards]),
                points=answer,
            )
        ]
    else:
        explanation = [msg("quiz.d13-bank.none", player=player)]
    slips = [
        0,
        len(plus_cards),
        sum(card.plus for card in row),
        answer + 1,
        answer - 1,
        sum(card.value for card in row if card.kind in d13.VALUED),
    ]
    choices = numbers(answer, slips, lambda points: True, place)
    prompt = {"dealer": state.name(state.dealer), "card": move.card, "buster": buster, "player": player}
    return make_question(
        d13.GAME_ID,
        "d13-bank",
        state,
        move,
        prompt,
        choices,
        answer,
        explanation,
        ["d13.scoring", "d13.bust"],
        marks=(player,),
        prompt_key=_prompt(state, move),
    )


def _draws_next(state: d13.State, move: d13.Give) -> bool:
    """The engine's verdict: once ``move`` is received, its receiver draws from the pile."""
    after = state.clone()
    after.push(move)
    return after.phase == d13.DRAWING and after.actor == move.seat


def d13_draw(rng: random.Random) -> Question:
    """A draw card is given: does its receiver then draw? (rules d13.draw, d13.bust-no-draw)
    Asked about rows 1 to 4 below the line (a draw card is worth 4 at most), each
    distance as often, half of them drawing: a draw card that reaches the line makes
    nobody draw."""
    want_draw, distance = rng.random() < 0.5, rng.randint(1, 4)

    def gives(state: d13.State, _: int) -> list[d13.Give]:
        if state.phase != d13.GIVE or state.revealed is None or state.revealed.kind != d13.DRAW:
            return []
        # a hand card's owner would first decide whether to take it; an empty pile draws nothing
        return [
            move
            for move in state.legal_moves()
            if isinstance(move, d13.Give)
            and d13.HAND_CARD not in state.rows[move.seat]
            and state.limit(move.seat) - state.row_sum(move.seat) == distance
            and _draws_next(state, move) == want_draw
            and want_draw != busts(state, move)
        ]

    state, _, move = pick(d13.GAME, rng, gives)
    card, seat = move
    answer, player = _draws_next(state, move), state.name(seat)
    probe = state.clone()  # the engine adds up the row with the card in it
    probe.rows = tuple(row + (card,) if other == seat else row for other, row in enumerate(state.rows))
    explanation = [
        msg("quiz.d13-bust.adds", card=card, before=state.row_sum(seat), value=card.value, total=probe.row_sum(seat)),
        msg(
            "quiz.d13-bust.line-raised" if state.limit(seat) == d13.RAISED_LIMIT else "quiz.d13-bust.line",
            line=state.limit(seat),
        ),
        msg("quiz.d13-draw.draws" if answer else "quiz.d13-draw.no-draw", player=player),
    ]
    rules = ["d13.draw", "d13.bust"] + ([] if answer else ["d13.bust-no-draw"])
    choices = [(msg("quiz.yes"), True), (msg("quiz.no"), False)]
    prompt = {
        "dealer": state.name(state.dealer),
        "card": card,
        "player": player,
        "total": state.row_sum(seat),
        "line": state.limit(seat),
    }
    return make_question(
        d13.GAME_ID,
        "d13-draw",
        state,
        move,
        prompt,
        choices,
        answer,
        explanation,
        rules,
        prompt_key=_prompt(state, move),
    )


def _discards_tell(state: d13.State, move: d13.Choice) -> bool:
    """Whether the discard pile, after ``move``, shows just what the move threw away: the
    round goes on (a bust throws a whole row away) and the pile was not shuffled back."""
    after = state.clone()
    after.push(move)
    return after.busts == state.busts and after.reshuffles == state.reshuffles


def _thrown_away(state: d13.State, move: d13.Choice) -> tuple[d13.Card, ...]:
    """The cards the engine puts on the discard pile when the hand card's owner answers ``move``."""
    after = state.clone()
    after.push(move)
    return _sorted(*after.discards[len(state.discards) :])


def _beside(row: Sequence[d13.Card]) -> d13.Card | None:
    """The row's last card that is not a hand card."""
    return next((card for card in reversed(row) if card != d13.HAND_CARD), None)


def _first(row: Sequence[d13.Card]) -> d13.Card | None:
    """The row's first card that is not a hand card."""
    return _beside(row[::-1])


def _sorted(*cards: d13.Card) -> tuple[d13.Card, ...]:
    return tuple(sorted(cards))


def _named(cards: Sequence[d13.Card], first: d13.Card | None = None) -> str:
    """Cards in words, ``first`` first, a hand card as "a hand card in the row" (a row's hand cards
    are all alike; named about as long as a card of the row, so that no length of choice pays)."""
    ordered = sorted(cards, key=lambda card: card != first)
    return listed(
        [
            msg("quiz.d13-hand.hand-card" if card == d13.HAND_CARD else "quiz.d13-hand.card", card=card)
            for card in ordered
        ]
    )


def d13_hand(rng: random.Random) -> Question:
    """A player with a hand card answers a card they receive: which cards go to the discard
    pile? (rules d13.hand, d13.arrow) Four questions in five are a refusal (the card and a
    hand card go, the card doing nothing), one in five an arrow kept (it takes the row's last
    card with it). Of the refusals, 1 in 20 are by a row ending with its hand card, where
    "the card and the row's last card" is right too (no more: that guesser would pay)."""
    refuse = rng.random() < 0.8
    hand_last = rng.random() < 0.05

    def decisions(state: d13.State, _: int) -> list[d13.Choice]:
        if state.phase != d13.DECIDE:
            return []
        assert state.actor is not None and state.pending is not None  # a hand card's owner decides
        row = state.rows[state.actor]
        card = state.pending
        # Two cards of the row to mistake, neither named as the card is: the last and the first.
        if _beside(row) in (None, card) or _first(row) in (_beside(row), card):
            return []
        if refuse and card != d13.HAND_CARD and (row[-1] == d13.HAND_CARD) == hand_last:
            move = d13.Choice(card, d13.REFUSE)
        elif not refuse and card.kind == d13.ARROW:
            move = d13.Choice(card, d13.ACCEPT)
        else:
            return []
        return [move] if _discards_tell(state, move) else []

    state, _, move = pick(d13.GAME, rng, decisions)
    card, seat = move.card, state.actor
    player, row = state.name(seat), state.rows[seat]
    answer = _thrown_away(state, move)
    beside, first = _beside(row), _first(row)
    assert beside is not None and first is not None  # the positions asked about have both
    # The answer is always two cards, and so is every choice (no size of list pays): the card
    # with a hand card, with the row's last card or with its first one (an arrow taking the
    # wrong end), or a hand card and the last card "but not the card" (the card kept). Every
    # choice names the card, as the question does, so "the choice repeating the question's
    # words" is a blind pick; the one without the card is always the longest, and a hand card
    # is named about as long as a card of the row, so no length pays either.
    pairs = [
        _sorted(card, d13.HAND_CARD),
        _sorted(card, beside),
        _sorted(card, first),
        _sorted(d13.HAND_CARD, beside),
    ]
    assert answer in pairs
    choices = [
        (_named(cards, card) if card in cards else msg("quiz.d13-hand.not", cards=_named(cards), card=card), cards)
        for cards in pairs
    ]
    rng.shuffle(choices)
    if move.answer == d13.REFUSE:
        explanation = [msg("quiz.d13-hand.refused", card=card)]
        effect = "draw" if card.kind == d13.DRAW else "arrow" if card.kind == d13.ARROW else "nothing"
        effect = "plus" if card.plus else effect
        explanation.append(msg(f"quiz.d13-hand.no-{effect}", card=card, player=player))
        rules = ["d13.hand"]
    else:
        last = msg("quiz.d13-hand.last-hand") if row[-1] == d13.HAND_CARD else msg("quiz.d13-hand.card", card=row[-1])
        explanation = [msg("quiz.d13-hand.arrow", card=card, last=last, player=player)]
        rules = ["d13.hand", "d13.arrow"]
    drawn = isinstance(state.move_stack[-1], d13.Reveal)  # the card came from the pile, after a draw card
    story = msg(
        "quiz.d13-hand.drawn"
        if drawn
        else "quiz.d13-hand.dealt-kept"
        if seat == state.dealer
        else "quiz.d13-hand.dealt",
        dealer=state.name(state.dealer),
        card=card,
        player=player,
    )
    prompt = {"story": story, "answer": msg(f"quiz.d13-hand.{move.answer}", player=player)}
    return make_question(
        d13.GAME_ID, "d13-hand", state, move, prompt, choices, answer, explanation, rules, marks=(player,)
    )


MAKERS = (d13_bust, d13_receive, d13_bank, d13_draw, d13_hand)
