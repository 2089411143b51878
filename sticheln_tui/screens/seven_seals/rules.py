"""Seven Seals' rules help, in the game's own words."""

from __future__ import annotations

from ...core.seven_seals import (
    BLACK,
    COLOURED_PENALTY,
    COLOURS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PENALTY,
    SABOTEUR_COST,
    SEALS,
    TRUMP,
    WHITE,
    SevenSealsGame,
    SevenSealsOptions,
    standard_deals,
)
from ...i18n import N_, _
from ..rules_text import (
    MOUSE,
    QUIT,
    RULES_AND_COMMANDS,
    bullets,
    document,
    heading,
    keys_table,
    length_line,
    letters,
    this_game,
)

# The saboteur variants, by the options field that switches each on.
SABOTEUR_VARIANTS = {
    "saboteur_costs_5": N_("Saboteur costs 5"),
    "escalating_saboteur": N_("Escalating saboteur"),
    "saboteur_auction": N_("Auction"),
}
# One colour's seals stand for all but red's, which are more.
OTHER_COLOUR = COLOURS[1]


def seven_seals_rules() -> str:
    """How to play Seven Seals, in the player's language."""
    red, others = SEALS[TRUMP], SEALS[OTHER_COLOUR]
    return document(
        heading(_("How to play Seven Seals")),
        _(
            "**The aim.** Say in advance which tricks you will win, by taking a seal of each "
            "trick's colour, and then win exactly those tricks. Every seal still in front of "
            "you at the end of a deal costs penalty points. After the last deal the *lowest* "
            "total wins; equal totals share the win."
        ),
        # Translators: {letters} are the cards' letters of red, yellow, green, blue and
        # purple, in this order.
        _(
            "**The cards.** Red, yellow, green, blue and purple, shown with a letter "
            "({letters}); for {min_players} to {max_players} players. With 3 players the cards "
            "run 1 to 9, with 4 players 1 to 12, with 5 players 1 to 15: always 15 cards each, "
            "so 15 tricks a deal."
        ).format(letters=letters(COLOURS), min_players=MIN_PLAYERS, max_players=MAX_PLAYERS),
        _(
            "**The seals.** Red {red}; yellow, green, blue and purple {others} each; {white} "
            "white seals (jokers) and {black} black seals (penalties). And one **saboteur**."
        ).format(red=red, others=others, white=SEALS[WHITE], black=SEALS[BLACK]),
        _(
            "**Predicting.** Before the first trick, starting left of the dealer and going "
            "round once, each player either takes the saboteur or takes seals from the supply: "
            "as many of each colour as tricks they mean to win with that colour led (or won "
            "with red). Nothing at all is a fine prediction. Everybody sees what everybody "
            "takes."
        ),
        bullets(
            # Translators: `w` is the key that changes whom you rob; keep the backquotes.
            _(
                "You may take up to the colour's total ({red} red, {others} of the others), "
                "even when the supply has fewer: a seal the supply lacks is taken from another "
                "player who holds one. You choose whom; the screen proposes someone and `w` "
                "changes it. The robbed player takes a **white** seal from the supply in "
                "exchange."
            ).format(red=red, others=others),
            _(
                "If no white seal is left, nobody can be robbed: that prediction is not "
                "possible, and the screen says so."
            ),
            _("You never take white or black seals yourself."),
        ),
        # Translators: `s` is the key that takes the saboteur; keep the backquotes.
        _(
            "**The saboteur.** Instead of predicting, one player may take the saboteur (`s`). "
            "They play every trick like the others but never give back or take seals. At the "
            "end of the deal they score {cost} less the number of black seals the *other* "
            "players took, never below 0: the saboteur wants the others to miss their "
            "predictions."
        ).format(cost=SABOTEUR_COST),
        _(
            "**Playing.** The player left of the dealer leads. You must **follow the lead "
            "colour** if you can; if you cannot, play a **red** card (red is always trump) or "
            "any other card. The highest red card takes the trick; with no red in it, the "
            "highest card of the lead colour. The winner leads the next trick."
        ),
        _(
            "**Giving back a seal.** Whoever takes a trick gives one seal back to the supply at "
            "once:"
        ),
        bullets(
            _(
                "a seal of the lead colour; or, when red won a trick another colour led, a seal "
                "of either colour;"
            ),
            _(
                "or a **white** seal, which always counts (a joker). So a player holding a white "
                "seal always gives one back and never takes a black;"
            ),
            _(
                "with none of these, the winner takes a **black** seal instead (at most {black} "
                "a deal; when they are gone, nothing happens)."
            ).format(black=SEALS[BLACK]),
        ),
        _(
            "When you have a choice, a line under the table offers it (the proposal "
            "preselected): ←→ choose, Enter gives it back. With one seal to give, it goes back "
            "at once."
        ),
        _(
            "**Scoring a deal.** Each seal still held costs: a coloured seal {coloured}, a black "
            "one {black}, a white one {white}. No seals, no penalty. The saboteur scores as "
            "above. Then all seals and the saboteur go back for the next deal."
        ).format(coloured=COLOURED_PENALTY, black=PENALTY[BLACK], white=PENALTY[WHITE]),
        _(
            "For example: you end with one blue seal, one white seal and two black seals: "
            "{coloured} + {white} + {black} + {black} = **{total} points**."
        ).format(
            coloured=COLOURED_PENALTY,
            white=PENALTY[WHITE],
            black=PENALTY[BLACK],
            total=COLOURED_PENALTY + PENALTY[WHITE] + 2 * PENALTY[BLACK],
        ),
        _(
            "**Game length.** One deal per player (every player deals once); with 3 players two "
            "rounds, {deals} deals. A game may be set up with another number of deals."
        ).format(deals=standard_deals(MIN_PLAYERS)),
        _(
            "**Tips.** Count your sure tricks: high cards of a colour, and red cards once you can "
            "no longer follow. Taking too few seals gets you black seals; taking too many leaves "
            "seals you cannot give back. A seal taken from you comes back as a white one, which "
            "costs more but gives back on any trick."
        ),
        heading(_("Saboteur variants")),
        _("They can be combined."),
        bullets(
            _(
                "**Saboteur costs 5** (suggested with 3 players): it scores 5 less the blacks "
                "the others took."
            ),
            _(
                "**Escalating saboteur**: it costs one more each time the same player takes it "
                "again in the game (4, then 5, then 6...)."
            ),
            _(
                "**Auction**: a later player in the prediction round may take the saboteur away "
                "from its holder by paying 1 more. The player who lost it answers at once: bid 1 "
                "more again, or predict seals. When one of them predicts, the round goes on "
                "after the player whose turn it was. The last price paid is the one scored."
            ),
        ),
        heading(_("Keys")),
        keys_table(
            [
                ("↑ ↓", N_("predicting: choose a colour")),
                (
                    "← →",
                    N_(
                        "predicting: fewer or more seals; at the table: a card, or the seal to "
                        "give back"
                    ),
                ),
                (
                    "Enter",
                    N_(
                        "take the seals chosen (as proposed, unless changed); play the card; give "
                        "back the seal"
                    ),
                ),
                ("s", N_("take the saboteur (at an auction: bid 1 more)")),
                ("w", N_("rob another player of the seal the supply lacks")),
                (MOUSE, N_("click a card to choose it, click it again to play it")),
                ("u", N_("take back your move, until the next player moves")),
                (
                    "h",
                    N_("at the table, a hint: what the normal computer player would do, and why"),
                ),
                *RULES_AND_COMMANDS,
                *QUIT,
            ]
        ),
    )


def seven_seals_in_force(options: SevenSealsOptions) -> str:
    """This game's length and saboteur variants, to show above the rules."""
    if options.deals is not None:
        length = length_line(options.deals)
    else:
        length = _("**Length:** one deal per player; with 3 players, two rounds.")
    chosen = [_(name) for field, name in SABOTEUR_VARIANTS.items() if getattr(options, field)]
    if chosen:
        # Translators: {variants} lists the saboteur variants in force, e.g. "Auction".
        variants = _("**Saboteur variants:** {variants}.").format(variants=", ".join(chosen))
    else:
        variants = _("**Saboteur variants:** none.")
    return document(this_game(_(SevenSealsGame.TITLE)), bullets(length, variants)) + "\n"
