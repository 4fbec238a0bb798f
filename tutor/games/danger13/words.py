"""What Danger 13 moves and results are called: move-log sentences, the score
sheet's figures and the names of the ranking's parts for the end screen."""
from __future__ import annotations

from tutor.games import danger13 as d13
from tutor.messages import msg

# The parts of the engine's ranking key, in its order (the engine orders the seats; these
# only say what each part is called), and the rules that decide a win and a tie.
KEY_PARTS = ("plus-points", "printed")
WIN_RULE = "d13.game-end"
TIE_RULE = "d13.tie-break"


def sentences(before, move, after) -> list[str]:
    """``move`` in words for the move log, as everyone at the table saw it."""
    if isinstance(move, d13.Reveal):
        if move.source == d13.FROM_PACKET:
            said = [msg("app.log.d13.reveal", player=before.name(before.dealer), card=move.card)]
        else:
            said = [msg("app.log.d13.draw", player=before.name(before.actor), card=move.card)]
    elif isinstance(move, d13.Give):
        said = [msg("app.log.d13.give", dealer=before.name(before.dealer), card=move.card,
                    player=before.name(move.seat))]
    else:
        said = [msg(f"app.log.d13.{move.answer}", player=before.name(before.actor), card=move.card)]
    if len(after.busts) > len(before.busts):
        busted = after.busts[-1]
        said.append(msg("app.log.d13.no-bust") if busted is None
                    else msg("app.log.d13.bust", player=before.name(busted)))
    return said


def score_sheet(state, seat=None) -> tuple[list[str], list[list[tuple[str, str]]]]:
    """Banked cards for all; plus points and their printed values only for the owner
    until the game ends (note d13.bank-view); rounds busted."""
    view = state.view(seat if seat is not None else 0)
    columns = [msg("widgets.scores.banked"), msg("widgets.scores.plus-points"), msg("widgets.scores.printed"),
               msg("widgets.scores.busts")]
    hidden = (msg("widgets.scores.hidden"), "cw-provisional")
    rows = []
    for other in range(state.players):
        known = view["plus_points"] is not None or other == seat
        rows.append([
            (str(view["bank_sizes"][other]), ""),
            (str(state.plus_points(other)), "cw-total") if known else hidden,
            (str(state.banked_value(other)), "") if known else hidden,
            (str(view["busts"].count(other)), ""),
        ])
    return columns, rows
