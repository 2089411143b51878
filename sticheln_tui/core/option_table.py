"""The rule options as players meet them: their names and one-line explanations.

Setup, the command line, the rules badge and the rules help all read these tables
(Sticheln's options, Seven Seals' saboteur variants), so an option is described once.
Plain data that loads nothing (no dataclasses, not even the rules themselves): `sticheln
--help` lists them and must answer at once. Sticheln's presets and what its options do
to each other are in `core.options`.
"""

from __future__ import annotations


class Option:
    """One rule option: the options field it switches, its label and what it does."""

    __slots__ = ("explanation", "field", "in_reverse", "label")

    def __init__(self, field: str, label: str, explanation: str, in_reverse: str = "") -> None:
        self.field = field
        self.label = label
        self.explanation = explanation
        self.in_reverse = in_reverse  # the explanation under Reverse, where it differs

    @property
    def flag(self) -> str:
        return "--" + self.field.replace("_", "-")

    def explained(self, rules) -> str:
        """What the option does under `rules` (Reverse turns some rules round)."""
        return self.in_reverse if rules.reverse and self.in_reverse else self.explanation


OPTIONS: tuple[Option, ...] = (
    Option("reverse", "Reverse", "a luck colour scores plus its value; the lowest card wins"),
    Option("mild", "Mild", "every pain-colour card costs a flat 5, zeros included"),
    Option("harsh", "Harsh", "two pain colours, laid down as two cards of different colours"),
    Option("dark", "Dark", "pain cards stay face down until the end of the deal"),
    Option("late", "Late", "no pick; at the end choose a pain colour you won"),
    Option(
        "pain_in_hand",
        "Pain card stays in hand",
        "you still play it; only captured cards score",
    ),
    Option(
        "latest_trump",
        "Latest trump",
        "the last trump colour played wins, its highest card",
        in_reverse="the last trump colour played wins, its lowest non-zero card",
    ),
    Option("zeros_trump", "Zeros are trump", "zeros of the other colours are trumps too"),
    Option("dealer_leads", "Dealer leads", "the dealer, not the next player, leads each deal"),
    Option("leftover_face_down", "Left-overs face down", "cards out of play are not shown"),
    Option(
        "tie_break",
        "Tie-break",
        "a tie goes to most positive deals, then to extra deals",
    ),
    Option("french_deck", "French deck", "4 players, 52 cards: spades, hearts, diamonds, clubs"),
)
OPTION_BY_FIELD = {option.field: option for option in OPTIONS}

PRESET_LABELS = {"classic": "Classic", "table-sheet": "Table sheet"}  # core.options.PRESETS

# Seven Seals' saboteur variants (RULES.md 4.6), fields of `SevenSealsOptions`; they combine.
SABOTEUR_VARIANTS: tuple[Option, ...] = (
    Option("saboteur_costs_5", "Saboteur costs 5", "5, not 4, less the others' black seals"),
    Option(
        "escalating_saboteur", "Escalating saboteur", "1 more each time a player takes it again"
    ),
    Option("saboteur_auction", "Saboteur auction", "later players may outbid its holder by 1"),
)
