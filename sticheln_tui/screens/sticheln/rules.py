"""Sticheln's rules help, in the program's own words."""

from __future__ import annotations

from ...core.cards import STICHELN_COLOURS
from ...core.options import OPTIONS, badge, deals_text
from ...core.sticheln import Rules
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
    letters,
    numbered,
    this_game,
)


def sticheln_rules() -> str:
    """How to play Sticheln, in the player's language."""
    return document(
        heading(_("How to play Sticheln (classic)")),
        _(
            "**The aim.** Take many cards, but not the cards of your *pain colour*. After five "
            "deals the highest total wins; equal totals share the win."
        ),
        # Translators: {letters} are the cards' letters of the six colours, in this order.
        _(
            "**The cards.** Six colours: blue, red, green, yellow, purple and brown, each card "
            "shown with its value and a letter ({letters}). Fewer players use fewer cards: with "
            "3 players only 0-8 of five colours, with 8 players 0-18 of all six. With 7 or 8 "
            "players a few cards stay out of play; everybody sees them."
        ).format(letters=letters(STICHELN_COLOURS)),
        _(
            "**Your pain colour.** After the deal, each player secretly lays one card from their "
            "hand face down. Its colour is that player's pain colour for the deal, and the card "
            "itself counts against them at the end. Once everyone has chosen, all these cards "
            "are shown."
        ),
        _(
            "**A trick.** The leader plays any card; its colour is the *lead colour*. Then "
            "everybody in turn plays any card: you never have to follow colour. Every colour "
            "except the lead colour is *trump*, but a zero is never a trump."
        ),
        _("**Who takes it.**"),
        numbered(
            _("If any trump was played, the highest trump takes the trick, whatever its colour."),
            _("Otherwise the highest card of the lead colour takes it."),
            _("On equal values, the card played first wins."),
            _("If only zeros were played, the first card takes it."),
        ),
        _(
            "The taker leads the next trick. The player left of the dealer leads the first "
            "trick; the deal moves one seat to the left each time."
        ),
        _("**Scoring a deal.** Look at the cards you took plus the card you laid down:"),
        bullets(
            _("every card of your pain colour costs its value;"),
            _("every other card is worth one point, zeros included."),
        ),
        _(
            "For example: you laid down red 4 and took red 2, red 5 and 14 other cards: "
            "14 - 4 - 2 - 5 = **3 points**."
        ),
        _(
            "**Tips.** A short colour of low cards makes a gentle pain colour. Throw your pain "
            "cards onto tricks that someone else is sure to win. High cards in a colour that is "
            "not yours take tricks, and tricks are points."
        ),
        heading(_("Variants")),
        bullets(
            _(
                "**Reverse.** You choose a *luck* colour instead: its cards score their value for "
                "you, every other card costs 1, and the *lowest* card takes the trick (zeros "
                "still never win unless only zeros were played)."
            ),
            _("**Mild.** Each pain-colour card costs 5, whatever its value."),
            _("**Harsh.** Lay down two cards of different colours: both colours are pain colours."),
            _("**Dark.** The laid-down cards stay face down until the deal is scored."),
            _(
                "**Late.** Nobody lays a card down. When the deal ends, each player picks their "
                "pain colour among the colours they took (the game shows what each choice "
                "scores)."
            ),
            _(
                "**Pain card stays in hand.** Your laid-down card only marks your colour: you "
                "still hold it and play it. Only the cards you capture are scored."
            ),
            _(
                "**Latest trump.** The colour of the last trump played takes the trick, with its "
                "highest card (in Reverse its lowest card that is not a zero)."
            ),
            _("**Zeros are trump.** Zeros of the other colours are trumps like any card."),
            _("**Dealer leads.** The dealer plays the first card of each deal."),
            _("**Left-overs face down.** With 7 or 8 players, the cards out of play stay hidden."),
            _(
                "**Tie-break.** Equal totals go to whoever had more deals above zero; still "
                "equal, each tied player deals one extra deal in turn, unless the table agrees "
                "to share the win."
            ),
            _(
                "**French deck.** Four players, 52 ordinary cards: four suits of 2 to ace "
                "(J=11, Q=12, K=13, A=14), no zeros."
            ),
            _(
                "**Table sheet** (a preset): pain card stays in hand, Dark, latest trump, zeros "
                "are trump, dealer leads, one deal per player, left-overs face down and the "
                "tie-break."
            ),
        ),
        heading(_("Keys")),
        keys_table(
            [
                (ARROWS, N_("choose a card")),
                ("Enter", N_("play or lay down the chosen card; continue")),
                (MOUSE, N_("click a card to choose it, click it again to play it")),
                (
                    "u",
                    N_(
                        "take back the card you just played, until the next player (or computer "
                        "player) moves"
                    ),
                ),
                ("h", N_("a hint: what the normal computer player would do, and why")),
                # Translators: the space bar.
                (N_("Space"), N_("play a computer player's waiting card now")),
                *RULES_AND_COMMANDS,
                *QUIT,
            ]
        ),
    )


def rules_in_force(rules: Rules) -> str:
    """A Markdown section naming this game's rules, each option with what it changes."""
    lines = [
        this_game(badge(rules)),
        "",
        "- " + _("**Length:** {length}.").format(length=deals_text(rules)),
    ]
    for option in OPTIONS:
        if getattr(rules, option.field):
            # Translators: an option in force and what it changes, e.g. "**Harsh:** two pain
            # colours".
            line = _("**{option}:** {explanation}.")
            lines.append(
                "- " + line.format(option=_(option.label), explanation=option.explained(rules))
            )
    if rules == Rules():
        lines.append("- " + _("No variants: the classic rules above, exactly."))
    return "\n".join(lines) + "\n\n"


def sticheln_help(rules: Rules) -> str:
    """The rules help of a game of Sticheln with these rules: the rules in force first."""
    return rules_in_force(rules) + sticheln_rules()
