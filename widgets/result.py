"""The end of a game in words: the places in the engine's ranking, and why the winner won
when others had as many points, told with the tie-break the engine's ranking applied."""

from __future__ import annotations

from html import escape

from tutor.messages import level_also, listed, msg, scores_listed


def number(value) -> str:
    return str(int(value)) if value == int(value) else str(value)


def ranking_key(state):
    """How the engine orders the seats at the end: its ranking key, tie-breaks included,
    where it has one; else the scores it returns (a game without tie-breaks)."""
    return getattr(state, "ranking_key", None) or (lambda seat: (state.returns()[seat],))


def places(state) -> list[tuple[int, int]]:
    """(place, seat) in the engine's ranking; seats equal on the whole key share a place."""
    key, ranked = ranking_key(state), state.ranking()
    found: list[tuple[int, int]] = []
    for index, seat in enumerate(ranked):
        shared = index and key(seat) == key(ranked[index - 1])
        found.append((found[-1][0] if shared else index + 1, seat))
    return found


def score_text(state, seat: int) -> str:
    return msg(f"app.play.end.score.{state.game_id}", score=number(ranking_key(state)(seat)[0]))


def why_won(state) -> str:
    """Who won, and the tie-break when the first score left several players level."""
    words, key, winners = state.game.words, ranking_key(state), state.winners()
    level = [seat for seat in range(state.players) if key(seat)[0] == key(winners[0])[0]]
    score = score_text(state, winners[0])
    names = [state.name(seat) for seat in level]
    if len(winners) > 1:
        also = level_also(words.KEY_PARTS[1:])
        text = msg(
            "app.play.end.shared", players=listed([state.name(seat) for seat in winners]), score=score, also=also
        )
        rule = words.SHARED_RULE
    elif len(level) == 1:
        text, rule = msg("app.play.end.won", player=state.name(winners[0]), score=score), words.WIN_RULE
    else:
        deciding, still = 0, level
        while len(still) > 1:  # one winner: a later part of the key tells them apart
            deciding, tied = deciding + 1, still
            best = max(key(seat)[deciding] for seat in tied)
            still = [seat for seat in tied if key(seat)[deciding] == best]
        also = level_also(words.KEY_PARTS[1:deciding])
        values = scores_listed((state.name(seat), number(key(seat)[deciding])) for seat in tied)
        text = msg(
            "app.play.end.tie-break",
            players=listed(names),
            score=score,
            also=also,
            player=state.name(winners[0]),
            part=msg(f"app.play.end.part.{words.KEY_PARTS[deciding]}"),
            values=values,
        )
        rule = words.TIE_RULE
    return f"{text} {msg('app.play.end.rule', rule=msg(f'rule.{rule}.title'))}"


def result_html(state) -> str:
    """The end screen's panel: heading, places and the sentence on who won and why."""
    rows = "".join(
        f'<li><span class="tutor-place">{place}.</span> <strong>{escape(state.name(seat))}</strong> '
        f"{escape(score_text(state, seat))}</li>"
        for place, seat in places(state)
    )
    return (
        f'<section class="tutor-result" aria-label="{escape(msg("app.play.end.heading"))}">'
        f'<h2>{escape(msg("app.play.end.heading"))}</h2><ol class="tutor-places">{rows}</ol>'
        f'<p class="tutor-why">{escape(why_won(state))}</p></section>'
    )
