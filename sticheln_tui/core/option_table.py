"""The rule options as players meet them: their names and one-line explanations.

Setup, the command line, the rules badge and the rules help all read these tables
(Sticheln's options, Seven Seals' saboteur variants), so an option is described once.
Plain data that loads nothing (no dataclasses, not even the rules themselves): `sticheln
--help` lists them and must answer at once. Sticheln's presets and what its options do
to each other are in `core.options`.
"""

from __future__ import annotations

from ..i18n import N_, _, language

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without loading typing (type checkers know it)
if TYPE_CHECKING:
    from .sticheln import Rules

CAPITALISED_NOUNS = {"de"}  # languages whose option names keep their case within a sentence


class Option:
    """One rule option: the options field it switches, its label and what it does (both
    in English, marked for the catalogues: show them through `_()`)."""

    __slots__ = ("explanation", "field", "in_reverse", "label")

    def __init__(self, field: str, label: str, explanation: str, in_reverse: str = "") -> None:
        self.field = field
        self.label = label
        self.explanation = explanation
        self.in_reverse = in_reverse  # the explanation under Reverse, where it differs

    @property
    def flag(self) -> str:
        return "--" + self.field.replace("_", "-")

    def help_line(self) -> str:
        """Its line in `--help`: its name, then what it does."""
        # Translators: an option's help line: its name, then what it does.
        return _("{label}: {explanation}").format(
            label=_(self.label), explanation=_(self.explanation)
        )

    def in_sentence(self) -> str:
        """The label within a sentence ("no dark"), in the player's language: in lower case,
        but where a language capitalises its nouns."""
        label = _(self.label)
        return label if language() in CAPITALISED_NOUNS else label.lower()

    def explained(self, rules: Rules) -> str:
        """What the option does under `rules` (Reverse turns some rules round), in the
        player's language."""
        return _(self.in_reverse if rules.reverse and self.in_reverse else self.explanation)


OPTIONS: tuple[Option, ...] = (
    Option(
        "reverse", N_("Reverse"), N_("a luck colour scores plus its value; the lowest card wins")
    ),
    Option("mild", N_("Mild"), N_("every pain-colour card costs a flat 5, zeros included")),
    Option(
        "harsh", N_("Harsh"), N_("two pain colours, laid down as two cards of different colours")
    ),
    Option("dark", N_("Dark"), N_("pain cards stay face down until the end of the deal")),
    Option("late", N_("Late"), N_("no pick; at the end choose a pain colour you won")),
    Option(
        "pain_in_hand",
        N_("Pain card stays in hand"),
        N_("you still play it; only captured cards score"),
    ),
    Option(
        "latest_trump",
        N_("Latest trump"),
        N_("the last trump colour played wins, its highest card"),
        in_reverse=N_("the last trump colour played wins, its lowest non-zero card"),
    ),
    Option("zeros_trump", N_("Zeros are trump"), N_("zeros of the other colours are trumps too")),
    Option(
        "dealer_leads", N_("Dealer leads"), N_("the dealer, not the next player, leads each deal")
    ),
    Option("leftover_face_down", N_("Left-overs face down"), N_("cards out of play are not shown")),
    Option(
        "tie_break",
        N_("Tie-break"),
        N_("a tie goes to most positive deals, then to extra deals"),
    ),
    Option(
        "french_deck", N_("French deck"), N_("4 players, 52 cards: spades, hearts, diamonds, clubs")
    ),
)
OPTION_BY_FIELD = {option.field: option for option in OPTIONS}

PRESET_LABELS = {"classic": N_("Classic"), "table-sheet": N_("Table sheet")}  # core.options.PRESETS

# Seven Seals' saboteur variants (RULES.md 4.6), fields of `SevenSealsOptions`; they combine.
SABOTEUR_VARIANTS: tuple[Option, ...] = (
    Option(
        "saboteur_costs_5", N_("Saboteur costs 5"), N_("5, not 4, less the others' black seals")
    ),
    Option(
        "escalating_saboteur",
        N_("Escalating saboteur"),
        N_("1 more each time a player takes it again"),
    ),
    Option(
        "saboteur_auction", N_("Saboteur auction"), N_("later players may outbid its holder by 1")
    ),
)
