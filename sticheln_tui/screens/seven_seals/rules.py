"""Seven Seals' rules help, in the game's own words."""

from __future__ import annotations

from ...core.seven_seals import (
    BLACK,
    COLOURED_PENALTY,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PENALTY,
    SABOTEUR_COST,
    SEALS,
    WHITE,
    SevenSealsOptions,
    standard_deals,
)

RULES_TEXT = f"""\
# How to play Seven Seals

**The aim.** Say in advance which tricks you will win, by taking a seal of each trick's
colour, and then win exactly those tricks. Every seal still in front of you at the end
of a deal costs penalty points. After the last deal the *lowest* total wins; equal totals
share the win.

**The cards.** Red, yellow, green, blue and purple, shown with a letter (R Y G B P); for
{MIN_PLAYERS} to {MAX_PLAYERS} players. With 3 players the cards run 1 to 9, with 4
players 1 to 12, with 5 players 1 to 15: always 15 cards each, so 15 tricks a deal.

**The seals.** Red {SEALS["red"]}; yellow, green, blue and purple {SEALS["yellow"]} each;
{SEALS[WHITE]} white seals (jokers) and {SEALS[BLACK]} black seals (penalties). And one
**saboteur**.

**Predicting.** Before the first trick, starting left of the dealer and going round
once, each player either takes the saboteur or takes seals from the supply: as many of
each colour as tricks they mean to win with that colour led (or won with red). Nothing at
all is a fine prediction. Everybody sees what everybody takes.
- You may take up to the colour's total ({SEALS["red"]} red, {SEALS["yellow"]} of the
  others), even when the supply has fewer: a seal the supply lacks is taken from another
  player who holds one. You choose whom; the screen proposes someone and `w` changes it.
  The robbed player takes a **white** seal from the supply in exchange.
- If no white seal is left, nobody can be robbed: that prediction is not possible, and
  the screen says so.
- You never take white or black seals yourself.

**The saboteur.** Instead of predicting, one player may take the saboteur (`s`). They
play every trick like the others but never give back or take seals. At the end of the
deal they score {SABOTEUR_COST} less the number of black seals the *other* players took,
never below 0: the saboteur wants the others to miss their predictions.

**Playing.** The player left of the dealer leads. You must **follow the lead colour** if
you can; if you cannot, play a **red** card (red is always trump) or any other card.
The highest red card takes the trick; with no red in it, the highest card of the lead
colour. The winner leads the next trick.

**Giving back a seal.** Whoever takes a trick gives one seal back to the supply at once:
- a seal of the lead colour; or, when red won a trick another colour led, a seal of
  either colour;
- or a **white** seal, which always counts (a joker). So a player holding a white seal
  always gives one back and never takes a black;
- with none of these, the winner takes a **black** seal instead (at most
  {SEALS[BLACK]} a deal; when they are gone, nothing happens).

When you have a choice, a line under the table offers it (the proposal preselected):
←→ choose, Enter gives it back. With one seal to give, it goes back at once.

**Scoring a deal.** Each seal still held costs: a coloured seal {COLOURED_PENALTY}, a
black one {PENALTY[BLACK]}, a white one {PENALTY[WHITE]}. No seals, no penalty. The
saboteur scores as above. Then all seals and the saboteur go back for the next deal.

For example: you end with one blue seal, one white seal and two black seals:
{COLOURED_PENALTY} + {PENALTY[WHITE]} + {PENALTY[BLACK]} + {PENALTY[BLACK]} =
**{COLOURED_PENALTY + PENALTY[WHITE] + 2 * PENALTY[BLACK]} points**.

**Game length.** One deal per player (every player deals once); with 3 players two
rounds, {standard_deals(3)} deals. A game may be set up with another number of deals.

**Tips.** Count your sure tricks: high cards of a colour, and red cards once you can no
longer follow. Taking too few seals gets you black seals; taking too many leaves seals
you cannot give back. A seal taken from you comes back as a white one, which costs more
but gives back on any trick.

# Saboteur variants

They can be combined.
- **Saboteur costs 5** (suggested with 3 players): it scores 5 less the blacks the
  others took.
- **Escalating saboteur**: it costs one more each time the same player takes it again in
  the game (4, then 5, then 6...).
- **Auction**: a later player in the prediction round may take the saboteur away from its
  holder by paying 1 more. The player who lost it answers at once: bid 1 more again, or
  predict seals. When one of them predicts, the round goes on after the player whose turn
  it was. The last price paid is the one scored.

# Keys

| key | does |
|---|---|
| ↑ ↓ | predicting: choose a colour |
| ← → | predicting: fewer or more seals; at the table: a card, or the seal to give back |
| Enter | take the seals chosen (as proposed, unless changed); play the card; give back the seal |
| s | take the saboteur (at an auction: bid 1 more) |
| w | rob another player of the seal the supply lacks |
| mouse | click a card to choose it, click it again to play it |
| u | take back your move, until the next player moves |
| h | at the table, a hint: what the normal computer player would do, and why |
| ? or F1 | these rules |
| Ctrl+P | commands |
| q | quit (asks first; the game is saved after every move) |
| Ctrl+C | save and quit at once |
"""


def rules_markdown(options: SevenSealsOptions) -> str:
    """The rules help: this game's length and saboteur variants, then the rules."""
    lines = ["# This game: Seven Seals", ""]
    if options.deals is not None:
        lines.append(f"- **Length:** {options.deals} deal{'s' if options.deals != 1 else ''}.")
    else:
        lines.append("- **Length:** one deal per player; with 3 players, two rounds.")
    variants = [
        ("Saboteur costs 5", options.saboteur_costs_5),
        ("Escalating saboteur", options.escalating_saboteur),
        ("Auction", options.saboteur_auction),
    ]
    chosen = [name for name, on in variants if on]
    lines.append(f"- **Saboteur variants:** {', '.join(chosen) if chosen else 'none'}.")
    return "\n".join(lines) + "\n\n" + RULES_TEXT
