"""The basic Decktet (P.D. Magnus): 36 cards, six suits, ranks Ace (1) to Crown (10).

Shared by every Decktet game. A card is known by a short key ("sea", "chance-meeting",
"ace-moons") that record notation uses; the names people read come from the message
catalog (``decktet.card.<key>``, ``decktet.suit.<suit>``, ``decktet.rank.<rank>``).
Aces and Crowns have one suit, the number cards (2-9) two.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from tutor.core import NotationError
from tutor.languages import language as spoken
from tutor.messages import DEFAULT_LANGUAGE, catalog, language, msg, msg_in

SUITS = ("moons", "suns", "waves", "leaves", "wyrms", "knots")
ACE, CROWN = 1, 10

_NUMBER_CARDS = (
    ("author", 2, ("moons", "knots")),
    ("desert", 2, ("suns", "wyrms")),
    ("origin", 2, ("waves", "leaves")),
    ("journey", 3, ("moons", "waves")),
    ("painter", 3, ("suns", "knots")),
    ("savage", 3, ("leaves", "wyrms")),
    ("mountain", 4, ("moons", "suns")),
    ("sailor", 4, ("waves", "leaves")),
    ("battle", 4, ("wyrms", "knots")),
    ("forest", 5, ("moons", "leaves")),
    ("discovery", 5, ("suns", "waves")),
    ("soldier", 5, ("wyrms", "knots")),
    ("lunatic", 6, ("moons", "waves")),
    ("penitent", 6, ("suns", "wyrms")),
    ("market", 6, ("leaves", "knots")),
    ("chance-meeting", 7, ("moons", "leaves")),
    ("castle", 7, ("suns", "knots")),
    ("cave", 7, ("waves", "wyrms")),
    ("diplomat", 8, ("moons", "suns")),
    ("mill", 8, ("waves", "leaves")),
    ("betrayal", 8, ("wyrms", "knots")),
    ("pact", 9, ("moons", "suns")),
    ("darkness", 9, ("waves", "wyrms")),
    ("merchant", 9, ("leaves", "knots")),
)
_CROWNS = ("huntress", "bard", "sea", "end", "calamity", "windfall")  # in suit order


class Card(NamedTuple):
    key: str
    rank: int
    suits: tuple[str, ...]

    def __str__(self) -> str:
        return self.label(language())

    def label(self, lang: str) -> str:
        """The card's name in ``lang``, bare ("Mer"): for its face, a button, a list."""
        return spoken(lang).bare(self.named(lang))

    def named(self, lang: str) -> str:
        """The card's name as ``lang``'s catalog writes it: French with the article a sentence
        gives it ("la Mer", "l'As de Lunes"), which a French text fills in ("du {card}": "de la Mer")."""
        return msg_in(lang, f"decktet.card.{self.key}")

    def _repr_svg_(self) -> str:
        from tutor.svg.decktet import card_svg  # drawing is optional: imported on use

        return card_svg(self)

    @property
    def is_number(self) -> bool:
        """Aces and Crowns show no number; the 2-9 cards do."""
        return ACE < self.rank < CROWN


CARDS: tuple[Card, ...] = (
    *(Card(f"ace-{suit}", ACE, (suit,)) for suit in SUITS),
    *(Card(key, rank, suits) for key, rank, suits in _NUMBER_CARDS),
    *(Card(key, CROWN, (suit,)) for key, suit in zip(_CROWNS, SUITS)),
)
ORDER = {card: index for index, card in enumerate(CARDS)}  # rank, then the table above


def parse_card(text: object) -> Card:
    """``"the Sea"``, ``"Sea"``, ``"sea"``, ``"Ace of Moons"``, ``"ace-moons"`` -> Card,
    in any case; a NotationError naming the text otherwise."""
    card = _names(language()).get(_normal(str(text))) or _names(DEFAULT_LANGUAGE).get(_normal(str(text)))
    if card is None:
        raise NotationError(msg("decktet.error.unknown-card", text=text))
    return card


def rank_name(rank: int) -> str:
    return msg(f"decktet.rank.{rank}")


def suit_name(suit: str) -> str:
    return msg(f"decktet.suit.{suit}")


@cache
def _names(lang: str) -> dict[str, Card]:
    """Every way a card may be written in ``lang``: its key and its catalog name."""
    names = {_normal(card.key): card for card in CARDS}
    for card in CARDS:
        name = catalog(lang).get(f"decktet.card.{card.key}")
        if isinstance(name, str) and name:  # card names are plain entries, never plural ones
            names[_normal(name)] = names[_normal(spoken(lang).bare(name))] = card
    return names


def _normal(text: str) -> str:
    words = text.lower().replace("-", " ").split()
    return " ".join(words[1:] if words[:1] == ["the"] else words)
