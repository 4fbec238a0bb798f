"""Monster Trick drills: where a card may go while all four tricks are open (follow
colour, or off colour when nothing else is left), who wins a complete trick and who plays
next, and which VP card counts for a player (what they score this round)."""

from __future__ import annotations

import random

from tutor.drills import Drill, Task
from tutor.games import monster_trick as mt
from tutor.games.monster_trick.quizzes import bigger_off_colour, trick_after, trick_why
from tutor.games.monster_trick.rules import Move
from tutor.messages import msg


def _colour(colour: str) -> str:
    return msg(f"mt.colour.{colour}")


def _refused_slots(state: mt.State, card: mt.Card) -> int:
    return sum(state.why_not(mt.Play(card, slot)) is not None for slot in range(mt.SLOTS))


def follow_candidates(state: mt.State, seat: int) -> list[tuple[mt.Card, int]]:
    """Cards with a slot they may not go to, while all four tricks are open: the more
    slots refused, the harder. (A free slot takes any card: "the free slot" would be right
    without the colour rule.)"""
    if state.phase != "play" or None in state.colour:
        return []
    found = [(card, _refused_slots(state, card)) for card in state.hands[seat]]
    return [(card, refused) for card, refused in found if refused]


def follow_task(state: mt.State, seat: int, card: mt.Card, level: int) -> Task:
    def judge(move: Move) -> tuple[bool | None, str]:
        if not isinstance(move, mt.Play):
            return None, msg("drill.mt-follow.play", card=card)
        if move.card != card:
            return None, msg("drill.mt-follow.this-card", card=card)
        reason = state.why_not(move)
        if reason is not None:
            return False, str(reason)
        trick = state.colour[move.slot]
        case = "free" if trick is None else "follow" if trick == card.colour else "off-colour"
        return True, msg(f"drill.mt-follow.{case}", card=card, slot=move.slot + 1, colour=_colour(card.colour))

    rules = ("mt.open", "mt.follow", "mt.off-colour")
    case = "follow" if card.colour in state.colour else "off"
    return Task(
        state,
        seat,
        msg("drill.mt-follow.prompt", player=state.name(seat), card=card),
        level,
        rules,
        marks=(str(card),),
        judge=judge,
        move=mt.Play(card, state.slots_for(card)[0]),
        hint=msg(f"drill.mt-follow.hint-{case}", card=card, colour=_colour(card.colour)),
    )


def next_candidates(state: mt.State, seat: int) -> list[tuple[mt.Play, int]]:
    """Moves laying a trick's 4th card, harder when the winner is not who plays next:
    1 the winner plays next anyway, 2 the winner laid the 4th card, 3 someone else won.
    Only at three players or more: at two, whoever did not play is the only answer. The
    choices leave out the player who finished the trick, who never plays next: "a player
    the prompt does not name" is then a blind pick."""
    if state.phase != "play" or state.players < 3 or sum(map(len, state.hands)) == 1:  # last card: nobody next
        return []
    found = []
    for move in state.legal_moves():
        if isinstance(move, mt.Play) and len(state.tricks[move.slot]) == 3:
            after = state.clone()
            after.push(move)
            winner = after.completed[-1].winner
            found.append((move, 1 if winner == after.to_move else 2 if winner == seat else 3))
    return found


def next_task(state: mt.State, seat: int, move: mt.Play, level: int) -> Task:
    after = state.clone()
    after.push(move)
    winner, following = after.completed[-1].winner, after.to_move
    # who finished the trick never plays next; by name, as in table order the answer's place follows the mover's
    others = sorted((player for player in range(state.players) if player != seat), key=state.name)
    choices = tuple(state.name(player) for player in others)
    why = msg("drill.mt-next.why", winner=state.name(winner), player=state.name(seat), next=state.name(following))
    prompt = msg("drill.mt-next.prompt", player=state.name(seat), card=move.card, slot=move.slot + 1)
    return Task(
        state,
        seat,
        prompt,
        level,
        ("mt.complete", "mt.turn"),
        marks=(str(move.card), f"slot {move.slot + 1}"),
        choices=choices,
        correct=others.index(following),
        explanation=why,
        about=move,
        hint=msg("drill.mt-next.hint"),
    )


def trick_candidates(state: mt.State, seat: int) -> list[tuple[mt.Play, int]]:
    """Moves laying a trick's 4th card, at three players or more (at two the choice would
    be a coin toss): 1 the claim moved on to a later, higher card of the opening colour; 2
    a bigger card of another colour lies there and the opener still wins; 3 both. So
    neither "who opened" nor "the biggest number" wins more than two positions in seven."""
    if state.phase != "play" or state.players < 3 or sum(map(len, state.hands)) == 1:
        return []
    found = []
    for move in state.legal_moves():
        if not isinstance(move, mt.Play) or len(state.tricks[move.slot]) != 3:
            continue
        opener_wins = trick_after(state, move).winner == state.tricks[move.slot][0][0]
        bigger = bigger_off_colour(state, move)
        if bigger or not opener_wins:
            found.append((move, 3 if bigger and not opener_wins else 2 if bigger else 1))
    return found


def trick_task(state: mt.State, seat: int, move: mt.Play, level: int) -> Task:
    trick = trick_after(state, move)
    why = trick_why(state, trick)
    players = sorted(range(state.players), key=state.name)
    return Task(
        state,
        seat,
        msg("drill.mt-trick.prompt", player=state.name(seat), card=move.card, slot=move.slot + 1),
        level,
        ("mt.claim", "mt.complete", "mt.off-colour") if level > 1 else ("mt.claim", "mt.complete"),
        marks=(str(move.card), f"slot {move.slot + 1}"),
        conceals=("claims",),  # the markers name the answer
        choices=tuple(state.name(player) for player in players),
        correct=players.index(trick.winner),
        explanation=" ".join(why),
        about=move,
        hint=msg("drill.mt-trick.hint"),
    )


PLACES = ("left", "middle", "right")
VP_KEEP = {
    4: 0.08,
    5: 0.22,
    6: 1.0,
}  # bot games reach a count of 4 about twelve times as often as 6, and 5 four times: each place about as often


def _claims_open(state: mt.State, seat: int) -> bool:
    """Whether ``seat``'s marker lies beside an unfinished trick (it is not won yet)."""
    return seat in state.claim


def vp_candidates(state: mt.State, seat: int) -> list[tuple[tuple[mt.Play | None, int], int]]:
    """A player with 4 to 6 tricks this round (the count starts again from the left card:
    below four, "the N-th card for N tricks" needs no rule but counting): 1 none of their
    markers on an open trick, 2 a marker beside an open trick (not won yet), 3 the round's
    last card is played (the card that counts scores). Each place about as often."""
    if state.phase != "play":
        return []
    last = sum(map(len, state.hands)) == 1
    found: list[tuple[tuple[mt.Play | None, int], int]] = []
    for asked in range(state.players):
        won = state.won[asked]
        if won not in VP_KEEP or random.Random(f"mt-vp:{state.won}:{state.claim}:{asked}").random() >= VP_KEEP[won]:
            continue
        if last:  # the last card, where it finishes no trick: what each player has won stays as shown
            plays = [move for move in state.legal_moves() if isinstance(move, mt.Play)]
            found += [((move, asked), 3) for move in plays if len(state.tricks[move.slot]) < 3][:1]
        else:
            found.append(((None, asked), 2 if _claims_open(state, asked) else 1))
    return found


def vp_task(state: mt.State, seat: int, subject: tuple[mt.Play | None, int], level: int) -> Task:
    move, asked = subject
    order, won, player = state.vp_order[asked], state.won[asked], state.name(asked)
    places = [msg(f"quiz.mt-vp.place.{place}") for place in PLACES]
    answer = state.active_vp_position(asked)
    assert order is not None and answer is not None  # asked with 4 to 6 tricks won, VP cards ordered
    if move is not None:  # the engine's score for the round names the card that counts (VP cards differ)
        after = state.clone()
        after.push(move)
        answer = order.index(after.round_scores[-1][asked])
    cards = {"player": player, "left": order[0], "middle": order[1], "right": order[2]}
    if move is None:
        prompt = msg("drill.mt-vp.prompt", won=won, **cards)
    else:
        prompt = msg("drill.mt-vp.prompt-end", mover=state.name(seat), card=move.card, won=won, **cards)
    why = [msg("quiz.mt-vp.explain", player=player, won=won, place=places[answer], value=order[answer])]
    if _claims_open(state, asked):
        why.append(msg("quiz.mt-score.open", player=player))
    return Task(
        state,
        seat,
        prompt,
        level,
        ("mt.vp-cycle", "mt.round-end") if move is not None else ("mt.vp-cycle",),
        marks=(player,),
        conceals=("active-vp",),  # the face-up VP card is the answer
        choices=tuple(msg("quiz.mt-vp.choice", place=places[index], value=order[index]) for index in range(3)),
        correct=answer,
        explanation=" ".join(why),
        about=move,
        hint=msg("drill.mt-vp.hint"),
    )


DRILLS = (
    Drill("mt-follow", follow_candidates, follow_task, levels=(1, 1, 2, 2, 3, 3)),
    Drill("mt-trick", trick_candidates, trick_task, levels=(1, 1, 2, 2, 3, 3, 3)),
    Drill("mt-next", next_candidates, next_task, levels=(1, 2, 2, 3, 3, 3)),
    Drill("mt-vp", vp_candidates, vp_task, levels=(1, 1, 2, 2, 3, 3)),
)
