"""Hattrick's rules help, in the game's own words."""

from __future__ import annotations

from ...core.hattrick import (
    COLOURS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PASS_PENALTY,
    HattrickGame,
    HattrickOptions,
)
from ...i18n import N_, _
from ..rules_text import (
    ARROWS,
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


def hattrick_rules() -> str:
    """How to play Hattrick, in the player's language."""
    return document(
        heading(_("How to play Hattrick")),
        _(
            "**The aim.** Collect cards of one colour and as few of the others as you can. "
            "After the last deal the highest total wins; equal totals share the win."
        ),
        # Translators: {letters} are the cards' letters of red, blue and green.
        _(
            "**The cards.** Red, blue and green, 1 to 20 each, shown with a letter ({letters}); "
            "for {min_players} to {max_players} players. With 7 players the three zeros join. "
            "Every card is dealt: with 4 players 15 each, with 5 players 12, with 6 players 10, "
            "with 7 players 9."
        ).format(letters=letters(COLOURS), min_players=MIN_PLAYERS, max_players=MAX_PLAYERS),
        _(
            "**A trick.** The leader plays any card, and so may the next players, until the "
            "trick holds two colours. From then on the third colour is closed: a card played "
            "must be of one of the two colours in the trick."
        ),
        # Translators: {penalty} is a negative number of points, e.g. -2.
        _(
            "**Passing.** Once the trick holds two colours you may pass instead of playing, "
            "even if you could play: show everybody a card of the closed colour and lay it face "
            "down in front of you. It scores {penalty} at the end of the deal. Without a card of "
            "the closed colour you cannot pass. Everybody plays or passes once a trick."
        ).format(penalty=PASS_PENALTY),
        _(
            "**Who takes what.** Each colour in the trick goes to whoever played its highest "
            "card: one trick can give red to one player and blue to another. Taken cards lie "
            "face up, sorted by colour, for all to see, and so do the pass cards (everybody saw "
            "them shown)."
        ),
        _(
            "**Who leads next.** Of the two taking cards, the player of the higher one leads. "
            "If they are equal, the next-highest card of the trick decides, whoever played it. "
            "If two cards share that value, or no other card was played, red's taker leads "
            "before blue's, and blue's before green's: the rule looks no further down."
        ),
        _(
            "**The end of a deal.** Play stops when everybody has one card left: that card is "
            "put aside and does not count. So a deal has one trick fewer than the cards in a "
            "hand."
        ),
        _("**Scoring a deal.** In your pile, the colour you have most of is your main colour:"),
        bullets(
            _("each card of your main colour scores +1 (of two equally big colours, either one);"),
            _("each card of the other colours scores -1;"),
            # Translators: {penalty} is a negative number of points, e.g. -2.
            _("each pass card scores {penalty}.").format(penalty=PASS_PENALTY),
        ),
        _(
            "For example: 9 red, 2 blue, 4 green and one pass card: 9 - 2 - 4 - 2 = **1 point**. "
            "The table shows the score each pile gives *now*, as the deal goes on."
        ),
        _(
            "**Tips.** Decide early which colour you collect, and watch the other piles: a "
            "player who collects blue will fight for blue tricks. Pass with a card you would "
            "rather not keep, but remember that a pass costs more than taking one unwanted card."
        ),
        heading(_("Keys")),
        keys_table(
            [
                (ARROWS, N_("choose a card")),
                (
                    "Enter",
                    N_(
                        "play the chosen card (when no card may be played: pass, showing it); "
                        "continue"
                    ),
                ),
                ("p", N_("pass, showing the chosen card of the closed colour (or choose which)")),
                ("Esc", N_("back to playing, while choosing a card to pass with")),
                (
                    MOUSE,
                    N_(
                        "click a card to choose it, click it again to play it; click Pass below "
                        "to pass"
                    ),
                ),
                (
                    "u",
                    N_(
                        "take back the card you just played or passed with, until the next "
                        "player moves"
                    ),
                ),
                *RULES_AND_COMMANDS,
                *QUIT,
            ]
        ),
    )


def hattrick_in_force(options: HattrickOptions) -> str:
    """This game's length, to show above the rules."""
    return document(this_game(_(HattrickGame.TITLE)), bullets(length_line(options.deals))) + "\n"
