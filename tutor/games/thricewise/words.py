"""What Thricewise moves and results are called: move-log sentences, the score
sheet's figures and the names of the ranking's parts for the end screen."""
from __future__ import annotations

from tutor.games import thricewise as tw
from tutor.messages import listed, msg

# The parts of the engine's ranking key, in its order (the engine orders the seats; these
# only say what each part is called), and the rules that decide a win and a tie.
KEY_PARTS = ("points",)
WIN_RULE = "tw.winner"
TIE_RULE = "tw.shared-win"


def sentences(before, move, after) -> list[str]:
    """``move`` in words for the move log, as everyone at the table saw it."""
    if isinstance(move, tw.Deal):
        return [msg("app.log.tw.deal")]
    if isinstance(move, tw.Draw):
        return [msg("app.log.tw.draw")]
    if isinstance(move, tw.Pick):
        said = [msg("app.log.tw.pick", player=before.name(move.seat))]
        if after.phase != "pick":  # the last pick turns every chosen card up
            shown = ", ".join(msg("app.log.tw.shown", player=after.name(seat), card=card)
                              for seat, card in enumerate(after.revealed) if card is not None)
            said.append(msg("app.log.tw.reveal", cards=shown))
            if after.tied:
                said.append(msg("app.log.tw.tied", players=listed([after.name(seat) for seat in after.tied])))
        return said
    player = before.name(before.to_move)
    if isinstance(move, tw.Done):
        return [msg("app.log.tw.done", player=player)]
    said = [msg("app.log.tw.place", player=player, card=move.card,
                cell=msg("tw.cell", col=move.cell.col, row=move.cell.row))]
    triads = after.triads[len(before.triads):]
    if triads:
        said.append(msg("app.log.tw.scores", points=sum(triad.points for triad in triads),
                        triads="; ".join(triad.describe() for triad in triads)))
    return said


def score_sheet(state, seat=None) -> tuple[list[str], list[list[tuple[str, str]]]]:
    """Points, triads scored and cards placed, all public."""
    columns = [msg("widgets.scores.triads"), msg("widgets.scores.placed"), msg("widgets.scores.points")]
    placed = list(state.placed_by.values())
    rows = [[(str(sum(triad.seat == other for triad in state.triads)), ""), (str(placed.count(other)), ""),
             (str(state.scores[other]), "cw-total")] for other in range(state.players)]
    return columns, rows
