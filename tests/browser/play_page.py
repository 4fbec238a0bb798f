"""How the browser tests drive the play page: a small table at instant speed, its settings
unfolded and folded, and waiting until the page's log has the moves a replica in Python made."""

from tutor.games import game as registered
from tutor.messages import msg
from widgets.app import page_file
from widgets.play import GameTable

from .conftest import open_page

LOG_ENTRIES = "document.querySelectorAll('.tutor-log li').length"  # the moves in the page's log, counted in the page


# What a play page shows of its game: moves in the log, seats in the settings, the message.
TABLE_SHOWN = f"""() => ({{
  moves: {LOG_ENTRIES},
  seats: document.querySelectorAll('.tutor-seat').length,
  message: (document.querySelector('.tutor-message') || {{}}).innerText || '',
}})"""


def smallest_table(page, voila, game: str) -> GameTable:
    """Open the play page of the deal seed 0 names, set to two players at instant speed (see
    ``small_table``)."""
    open_page(page, voila, page_file("play", game, seed=0))
    return small_table(page, game)


def small_table(page, game: str, fold: bool = True) -> GameTable:
    """Set the play page on screen to two players at instant speed, its settings folded again
    when ``fold`` (the table has the room); the same table in Python, so the test can ask the
    engine for a legal move each time (dealt from the seed the page shows)."""
    open_settings(page)
    page.get_by_label(msg("app.play.speed"), exact=True).select_option(label=msg("app.play.speeds.instant"))
    choose_players(page, 2)
    if fold:
        fold_settings(page)
    seed = int(page.locator(".tutor-deal").get_attribute("data-seed"))
    replica = GameTable(registered(game), seed=seed, speed="instant")
    replica.players.value = 2
    wait_for_log(page, replica)
    return replica


# The boards on the page now, marked; a page whose marked boards are gone shows a new game's.
OLD_BOARDS = "() => document.querySelectorAll('.tutor-board').forEach(board => { board.dataset.old = ''; })"
NEW_BOARD = "() => !!document.querySelector('.tutor-board') && !document.querySelector('.tutor-board[data-old]')"


def choose_players(page, count: int) -> None:
    """Set the number of players (the settings unfolded), and wait until the new game's board
    has replaced the old one. The log cannot tell: both games may have made as many moves, and
    a click on the old board, still drawn for a moment, would be lost."""
    page.evaluate(OLD_BOARDS)
    page.get_by_label(msg("app.play.players"), exact=True).select_option(label=str(count))
    page.wait_for_function(NEW_BOARD)


def settings_button(page):
    """The button that folds and unfolds the play page's settings and records."""
    return page.get_by_role("button", name=msg("app.play.settings"))


def open_settings(page) -> None:
    """Unfold the settings and records, folded away while a game runs."""
    if settings_button(page).get_attribute("aria-expanded") != "true":
        settings_button(page).click()
    page.get_by_label(msg("app.play.players"), exact=True).wait_for()


def fold_settings(page) -> None:
    """Fold the settings away again and wait until they are hidden."""
    settings_button(page).click()
    page.get_by_label(msg("app.play.players"), exact=True).wait_for(state="hidden")


def wait_for_log(page, table: GameTable) -> None:
    """The page has made the same moves as ``table`` (each move is one log entry). If it never
    does, the failure says what the page shows instead, so that one failure tells a change the
    page never took (its seats still the old number) from a log that stopped or went elsewhere."""
    from playwright.sync_api import TimeoutError as PageTimeout

    try:
        page.wait_for_function(f"count => {LOG_ENTRIES} === count", arg=len(table.sentences))
    except PageTimeout:
        shown = page.evaluate(TABLE_SHOWN)
        raise AssertionError(
            f"the page's log never had the table's {len(table.sentences)} moves with {len(table.seats)} seats; "
            f"the page shows {shown}; its scripts said {getattr(page, 'said', [])[-10:]}"
        ) from None
