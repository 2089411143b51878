"""Hattrick's rules help, in the game's own words."""

from __future__ import annotations

from ...core.hattrick import MAX_PLAYERS, MIN_PLAYERS, PASS_PENALTY, HattrickOptions

RULES_TEXT = f"""\
# How to play Hattrick

**The aim.** Collect cards of one colour and as few of the others as you can. After the
last deal the highest total wins; equal totals share the win.

**The cards.** Red, blue and green, 1 to 20 each, shown with a letter (R B G); for
{MIN_PLAYERS} to {MAX_PLAYERS} players. With 7 players the three zeros join. Every card is
dealt: with 4 players 15 each, with 5 players 12, with 6 players 10, with 7 players 9.

**A trick.** The leader plays any card, and so may the next players, until the trick
holds two colours. From then on the third colour is closed: a card played must be of
one of the two colours in the trick.

**Passing.** Once the trick holds two colours you may pass instead of playing, even if
you could play: show everybody a card of the closed colour and lay it face down in front
of you. It costs {PASS_PENALTY} at the end of the deal. Without a card of the closed
colour you cannot pass. Everybody plays or passes once a trick.

**Who takes what.** Each colour in the trick goes to whoever played its highest card:
one trick can give red to one player and blue to another. Taken cards lie face up,
sorted by colour, for all to see, and so do the pass cards (everybody saw them shown).

**Who leads next.** Of the two taking cards, the player of the higher one leads. If they
are equal, the next-highest card of the trick decides (going on down the trick while
cards tie), whoever played it; if nothing decides, red's taker leads before blue's, and
blue's before green's.

**The end of a deal.** Play stops when everybody has one card left: that card is put
aside and does not count. So a deal has one trick fewer than the cards in a hand.

**Scoring a deal.** In your pile, the colour you have most of is your main colour:
- each card of your main colour scores +1 (of two equally big colours, either one);
- each card of the other colours scores -1;
- each pass card scores {PASS_PENALTY}.

For example: 9 red, 2 blue, 4 green and one pass card: 9 - 2 - 4 - 2 = **1 point**.
The table shows the score each pile gives *now*, as the deal goes on.

**Tips.** Decide early which colour you collect, and watch the other piles: a player
who collects blue will fight for blue tricks. Pass with a card you would rather not
keep, but remember that a pass costs more than taking one unwanted card.

# Keys

| key | does |
|---|---|
| ← → ↑ ↓ | choose a card |
| Enter | play the chosen card (when no card may be played: pass, showing it); continue |
| p | pass, showing the chosen card of the closed colour (or choose which) |
| Esc | back to playing, while choosing a card to pass with |
| mouse | click a card to choose it, click it again to play it; click Pass below to pass |
| u | take back the card you just played or passed with, until the next player moves |
| ? or F1 | these rules |
| Ctrl+P | commands |
| q | quit (asks first; the game is saved after every move) |
| Ctrl+C | save and quit at once |
"""


def rules_markdown(options: HattrickOptions) -> str:
    """The rules help: this game's length, then the rules."""
    deals = options.deals
    length = f"{deals} deal{'s' if deals != 1 else ''}"
    return f"# This game: Hattrick\n\n- **Length:** {length}.\n\n{RULES_TEXT}"
