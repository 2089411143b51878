"""The game engine: a seeded, deterministic state machine over Sticheln's rules.

Screens and computer players never touch a `Game`'s fields: they get a `SeatView`,
which holds only what one seat may see (RULES.md section 5), or the public view that
everybody at the table may see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import final

from ..i18n import N_, _
from .cards import Card, CardMemo, sorted_cards
from .sticheln import (
    Rules,
    check_players,
    colour_choices,
    deal_leader,
    deck_for,
    score_breakdown,
    score_deal,
    scored_cards,
    trick_winner,
    tricks_per_deal,
    winners,
)
from .table import MAX_SEED as MAX_SEED  # what every game shares, importable from here too
from .table import IllegalMove as IllegalMove
from .table import PlayCard as PlayCard
from .table import Played as Played
from .table import TableGame
from .table import running_totals as running_totals
from .table import seed_problem as seed_problem
from .table import shuffle as shuffle


class Phase(StrEnum):
    PICK = "pick"  # players lay down their pain cards
    PLAY = "play"  # tricks are played
    CHOOSE = "choose"  # Late: players choose pain colours among the colours they won
    TIE = "tie"  # tie-break: play an extra deal, or share the win
    OVER = "over"  # the game has ended


@final
@dataclass(frozen=True, slots=True)
class PickPain:
    """Lay this card face down: its colour becomes a pain colour of the player."""

    card: Card


@final
@dataclass(frozen=True, slots=True)
class ChooseColours:
    """Late: these colours (one, or two in Harsh) are the player's pain colours."""

    colours: tuple[str, ...]


@final
@dataclass(frozen=True, slots=True)
class SettleTie:
    """Tie-break: play one more deal (True) or accept the shared win (False)."""

    extra_deal: bool


Move = PickPain | PlayCard | ChooseColours | SettleTie


# One move object per card: legal moves are then built without allocating.
_PICK_MOVES = CardMemo(PickPain)
_PLAY_MOVES = CardMemo(PlayCard)


@dataclass(frozen=True, slots=True)
class CompletedTrick:
    plays: tuple[Played, ...]
    winner: int  # the seat that took it


@dataclass(frozen=True, slots=True)
class DealScore:
    pain_cards: tuple[Card, ...]  # the laid-down cards (none in Late)
    pain_colours: tuple[str, ...]
    tricks: int
    gained: int  # points from cards outside the pain colours (or luck cards in Reverse)
    lost: int  # points lost (zero or negative)

    @property
    def total(self) -> int:
        return self.gained + self.lost


@dataclass(frozen=True, slots=True)
class DealResult:
    deal: int  # 1-based
    scores: tuple[DealScore, ...]  # by seat
    last_trick: CompletedTrick | None = None  # the deal's final trick, seen by all


@dataclass(frozen=True)
class SeatView:
    """What one seat may see, or (seat None) what the whole table may see."""

    seat: int | None
    players: tuple[str, ...]
    rules: Rules
    phase: Phase
    deal: int  # 1-based; deals after `deals_total` are tie-break deals
    deals_total: int  # the regular number of deals
    trick_number: int  # 1-based within the deal
    tricks_per_deal: int
    dealer: int
    to_move: int | None
    hand: tuple[Card, ...]  # this seat's hand, sorted; empty in the public view
    # This seat's own pile, shown only when Late asks for a choice: earlier tricks are
    # otherwise for the memory (RULES.md section 5).
    won: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    pain_cards: tuple[tuple[Card, ...] | None, ...]  # by seat; None while hidden from us
    picked: tuple[int, ...]  # how many pain cards each seat has laid down this deal
    leftover: tuple[Card, ...]  # cards out of play, when shown to everybody
    leftover_count: int
    trick: tuple[Played, ...]
    last_trick: CompletedTrick | None
    # Every trick of this deal so far: the whole table saw each one played. Screens list
    # only the last (remembering is part of the game); computer players remember them all.
    deal_tricks: tuple[CompletedTrick, ...]
    tricks_won: tuple[int, ...]
    results: tuple[DealResult, ...]
    legal_moves: tuple[Move, ...]  # empty unless this seat is to move
    tied: tuple[int, ...]  # seats still tied when a tie-break decision is due
    winners: tuple[int, ...]  # filled once the game is over

    @property
    def totals(self) -> tuple[int, ...]:
        return running_totals(self.results, len(self.players))

    @property
    def lead_colour(self) -> str | None:
        return self.trick[0].card.colour if self.trick else None

    @property
    def winning_seat(self) -> int | None:
        """The seat taking the current trick if it ended now."""
        if not self.trick:
            return None
        return self.trick[trick_winner([p.card for p in self.trick], self.rules)].seat

    def pain_colours(self, seat: int) -> tuple[str, ...]:
        cards = self.pain_cards[seat]
        return tuple(dict.fromkeys(card.colour for card in cards)) if cards else ()

    def points_so_far(self, seat: int) -> int | None:
        """What `seat` would score if the deal ended now, or None where the table may not
        know it: while pain cards lie face down (Dark, or before all are laid down) a
        running score would give a hidden pain colour away, and in Late there is none
        until the colours are chosen at the end (RULES.md 1.7 and section 5)."""
        pain = self.pain_cards[seat]
        if self.phase is not Phase.PLAY or self.rules.dark or not pain:
            return None
        won = [
            play.card for trick in self.deal_tricks if trick.winner == seat for play in trick.plays
        ]
        return score_deal(scored_cards(won, pain, self.rules), self.pain_colours(seat), self.rules)


def standings(results: Sequence[DealResult], players: int, rules: Rules) -> list[int]:
    """The seats in the lead, with the tie-break's positive-deal count when it applies."""
    totals = running_totals(results, players)
    if not rules.tie_break:
        return winners(totals)
    positive = [sum(r.scores[seat].total > 0 for r in results) for seat in range(players)]
    return winners(totals, positive)


class Game(TableGame):
    """One game of Sticheln from the first deal to the final scores."""

    GAME = "sticheln"
    TITLE = N_("Sticheln")
    OPTIONS = Rules
    options: Rules
    phase: Phase

    def __init__(
        self,
        players: Sequence[str],
        rules: Rules = Rules(),
        first_leader: int = 0,
        seed: int | None = None,
    ) -> None:
        self.rules = rules  # the same object as `options`, under Sticheln's own name
        super().__init__(players, rules, first_leader, seed)

    def _check_table(self, players: int, options: Rules) -> None:
        check_players(players, options)

    def _start(self) -> None:
        self.deals_total = self.rules.deals_for(len(self.players))
        self.tricks_per_deal = tricks_per_deal(len(self.players), self.rules)
        self.tie_dealt: list[int] = []  # tied seats that have dealt their extra deal
        self.tied: list[int] = []
        self._start_deal(0)

    def _copy_state(self, copy: Game) -> None:
        copy.tie_dealt = list(self.tie_dealt)
        copy.tied = list(self.tied)
        copy.hands = [list(hand) for hand in self.hands]
        copy._hand_moves = [list(moves) for moves in self._hand_moves]
        copy.pain_cards = [list(cards) for cards in self.pain_cards]
        copy.chosen_colours = list(self.chosen_colours)
        copy.won = [list(pile) for pile in self.won]
        copy.tricks_won = list(self.tricks_won)
        copy.trick = list(self.trick)
        copy.deal_tricks = list(self.deal_tricks)

    def _winners(self) -> list[int]:
        return standings(self.results, len(self.players), self.rules)

    # -- deals --------------------------------------------------------------------

    def _start_deal(self, index: int, dealer: int | None = None) -> None:
        count = len(self.players)
        self.deal_index = index
        self.hands, self.leftover = self._deal(deck_for(count, self.rules))
        self._hand_moves = [list(map(_PLAY_MOVES.__getitem__, hand)) for hand in self.hands]
        self.pain_cards: list[list[Card]] = [[] for _ in range(count)]
        self.chosen_colours: list[tuple[str, ...] | None] = [None] * count
        self.won: list[list[Card]] = [[] for _ in range(count)]
        self.tricks_won = [0] * count
        self.trick: list[Played] = []
        self.last_trick: CompletedTrick | None = None
        self.deal_tricks: list[CompletedTrick] = []
        # Deal 1 is dealt by the seat right of the chosen player (or, when the dealer
        # leads, by the chosen player), then the deal moves one seat clockwise each deal
        # (RULES.md 1.3 and 2); a tie-break deal is dealt by a tied player.
        if dealer is None:
            dealer = self._rotation_dealer(index, shift=0 if self.rules.dealer_leads else 1)
        self.dealer = dealer
        self.leader = deal_leader(dealer, count, self.rules)
        if self.rules.picks:
            self.phase = Phase.PICK
        else:
            self.phase = Phase.PLAY
        self.to_move: int | None = self.leader

    def _after_last_trick(self) -> None:
        if self.rules.late:
            self.phase = Phase.CHOOSE
            self.to_move = self.leader
            self._next_chooser(start=0)
        else:
            self._finish_deal()

    def _finish_deal(self) -> None:
        scores = []
        for seat, pain in enumerate(self.pain_cards):
            colours = self.chosen_colours[seat] or tuple(dict.fromkeys(c.colour for c in pain))
            scored = scored_cards(self.won[seat], pain, self.rules)
            gained, lost = score_breakdown(scored, colours, self.rules)
            scores.append(DealScore(tuple(pain), colours, self.tricks_won[seat], gained, lost))
        self.results.append(DealResult(self.deal_index + 1, tuple(scores), self.last_trick))
        if len(self.results) < self.deals_total:
            self._start_deal(self.deal_index + 1)
            return
        count = len(self.players)
        leaders = standings(self.results, count, self.rules)
        # RULES.md 2: while a tie remains, the next tied player (in seat order) who has
        # not dealt an extra deal yet deals one; once all of them have, the win is shared.
        waiting = [seat for seat in leaders if seat not in self.tie_dealt]
        if len(leaders) > 1 and self.rules.tie_break and waiting:
            self.tied = leaders
            self.phase = Phase.TIE
            self.to_move = waiting[0]
            return
        self.tied = []
        self.phase = Phase.OVER
        self.to_move = None

    # -- moves --------------------------------------------------------------------

    def _moves_open(self) -> tuple[Move, ...]:
        seat = self.to_move
        if seat is None:
            return ()
        if self.phase is Phase.PLAY:
            return tuple(self._hand_moves[seat])
        if self.phase is Phase.PICK:
            return tuple(map(_PICK_MOVES.__getitem__, self._pickable(seat)))
        if self.phase is Phase.CHOOSE:
            return tuple(
                ChooseColours(colours)
                for colours in colour_choices(sorted_cards(self.won[seat]), self.rules)
            )
        return (SettleTie(True), SettleTie(False))

    def _allows(self, move: Move) -> bool:
        """Whether `move` is among the legal moves: a card move is looked up among the
        cards open to it, without comparing it to every other move."""
        if self.phase is Phase.PLAY:  # first: nearly every move is a card played
            return type(move) is PlayCard and move.card in self.hands[self.seat_to_move()]
        if self.phase is Phase.PICK:
            return type(move) is PickPain and move.card in self._pickable(self.seat_to_move())
        return move in self.legal_moves()

    def _pickable(self, seat: int) -> list[Card]:
        """A second pain card (Harsh) must be of another colour than the first, unless the
        hand holds no other colour: then it is of the same colour, and that player has one
        pain colour, so that every hand stays the same size (RULES.md 1.7)."""
        kept = set(self.pain_cards[seat])
        taken = {card.colour for card in kept}
        open_cards = [card for card in self.hands[seat] if card not in kept]
        return [card for card in open_cards if card.colour not in taken] or open_cards

    def _advance(self, move: Move) -> None:
        seat = self.seat_to_move()
        if type(move) is PlayCard:  # first: nearly every move is a card played
            # `_take_from_hand` written out: a search spends its time on this line.
            card = move.card
            hand = self.hands[seat]
            index = hand.index(card)
            del hand[index]
            del self._hand_moves[seat][index]
            self.trick.append(Played(seat, card))
            self._after_play()
        elif type(move) is PickPain:
            self.pain_cards[seat].append(move.card)
            if not self.rules.pain_in_hand:
                self._take_from_hand(seat, move.card)
            self._next_picker()
        elif isinstance(move, ChooseColours):
            self.chosen_colours[seat] = move.colours
            self._next_chooser(start=1)
        elif move.extra_deal:
            self.tied = []
            self.tie_dealt.append(seat)
            self._start_deal(self.deal_index + 1, dealer=seat)
        else:
            self.phase = Phase.OVER
            self.to_move = None

    def _take_from_hand(self, seat: int, card: Card) -> None:
        index = self.hands[seat].index(card)
        del self.hands[seat][index]
        del self._hand_moves[seat][index]

    def _why_illegal(self, move: object) -> str:
        if self.phase is Phase.OVER:
            return _("the game is over")
        name = self.players[self.to_move] if self.to_move is not None else _("nobody")
        wanted_moves: dict[Phase, tuple[type[Move], str]] = {
            Phase.PICK: (PickPain, _("{name} must lay down a pain card now")),
            Phase.PLAY: (PlayCard, _("{name} must play a card now")),
            Phase.CHOOSE: (ChooseColours, _("{name} must choose pain colours now")),
            Phase.TIE: (SettleTie, _("{name} must settle the tie now")),
        }
        wanted, must = wanted_moves[self.phase]
        if not isinstance(move, wanted):
            return must.format(name=name)
        if isinstance(move, ChooseColours):
            if not move.colours:
                return _("{name} cannot choose no colour").format(name=name)
            # Translators: {colours} lists colours, comma-separated.
            return _("{name} cannot choose {colours}").format(
                name=name, colours=", ".join(move.colours)
            )
        if isinstance(move, PickPain) and move.card in self.hands[self.seat_to_move()]:
            return _("{name}'s second pain card must be of another colour").format(name=name)
        # Translators: {card} is a card as shown on the table, e.g. "[ 7 B]".
        return _("{card} is not in {name}'s hand").format(
            # A card move, or a SettleTie whose extra_deal is no bool: that one has no card
            # and raises AttributeError here (it has no refusal of its own yet).
            card=move.card,  # type: ignore[union-attr]
            name=name,
        )

    def _picking_done(self, seat: int) -> bool:
        return len(self.pain_cards[seat]) >= self.rules.picks

    def _next_picker(self) -> None:
        count, picker = len(self.players), self.seat_to_move()
        for step in range(count):
            seat = (picker + step) % count
            if not self._picking_done(seat):
                self.to_move = seat
                return
        self.phase = Phase.PLAY
        self.to_move = self.leader

    def _next_chooser(self, start: int) -> None:
        """Late: the next seat (from the leader round) that won cards and has not chosen."""
        count, chooser = len(self.players), self.seat_to_move()
        for step in range(start, count + 1):
            seat = (chooser + step) % count
            if self.chosen_colours[seat] is None and self.won[seat]:
                self.to_move = seat
                return
        self._finish_deal()

    def _after_play(self) -> None:
        count = len(self.players)
        if len(self.trick) < count:
            self.to_move = (self.seat_to_move() + 1) % count
            return
        plays = tuple(self.trick)
        winner = plays[trick_winner([p.card for p in plays], self.rules)].seat
        self.won[winner].extend(p.card for p in plays)
        self.tricks_won[winner] += 1
        self.last_trick = CompletedTrick(plays, winner)
        self.deal_tricks.append(self.last_trick)
        self.trick = []
        self.leader = self.to_move = winner
        if not self.hands[winner]:
            self._after_last_trick()

    # -- views --------------------------------------------------------------------

    def opened_view(self) -> SeatView:
        """The public view with every seat's pain cards, even those still face down."""
        views = [self.view(seat) for seat in range(len(self.players))]
        public: SeatView = self.view(None)
        return replace(
            public,
            pain_cards=tuple(view.pain_cards[seat] for seat, view in enumerate(views)),
        )

    def _view(self, seat: int | None) -> SeatView:
        count = len(self.players)
        over = self.phase is Phase.OVER
        own = None if over else seat  # the seat whose own cards show: none once it is over
        choosing = self.phase is Phase.CHOOSE
        revealed = self.phase is not Phase.PICK and not self.rules.dark
        return SeatView(
            seat=seat,
            players=self.players,
            rules=self.rules,
            phase=self.phase,
            deal=self.deal_index + 1,
            deals_total=self.deals_total,
            trick_number=min(sum(self.tricks_won) + 1, self.tricks_per_deal),
            tricks_per_deal=self.tricks_per_deal,
            dealer=self.dealer,
            to_move=self.to_move,
            hand=tuple(self.hands[own]) if own is not None else (),
            won=tuple(sorted_cards(self.won[own])) if own is not None and choosing else (),
            hand_sizes=tuple(len(hand) for hand in self.hands) if not over else (0,) * count,
            pain_cards=tuple(
                tuple(self.pain_cards[s]) if revealed or s == seat else None for s in range(count)
            ),
            picked=tuple(len(cards) for cards in self.pain_cards),
            leftover=() if self.rules.leftover_face_down else self.leftover,
            leftover_count=len(self.leftover),
            trick=tuple(self.trick),
            last_trick=self.last_trick,
            deal_tricks=tuple(self.deal_tricks),
            tricks_won=tuple(self.tricks_won),
            results=tuple(self.results),
            legal_moves=self.legal_moves() if seat is not None and seat == self.to_move else (),
            tied=tuple(self.tied),
            winners=self.winners,
        )
