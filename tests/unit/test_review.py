"""The game review: the strong bot weighs each human decision from that seat's view, marks a
move that throws points away, never depends on cards its player could not see, and works
for every game's kinds of decision. Sample counts are tiny: these check behaviour, not
judgment."""

from __future__ import annotations

from positions import NAMES, seven_seals_until

from sticheln_tui.bots import NormalBot
from sticheln_tui.bots.review import Review, judge
from sticheln_tui.core import hattrick, seven_seals
from sticheln_tui.core.game import Game, Phase, PickPain, PlayCard
from sticheln_tui.core.hattrick import HattrickGame
from sticheln_tui.core.sticheln import Rules

LEVELS = (None, "normal", "normal", "normal")  # Ann is the human


def played_out(game: Game, move_for_ann=None) -> Game:
    """The game played to its end by the normal bot in every seat; `move_for_ann(game)`
    may put another move in Ann's place (None: the bot's)."""
    bots = [NormalBot(seat) for seat in range(len(game.players))]
    while not game.finished:
        seat = game.to_move
        move = (move_for_ann(game) if seat == 0 and move_for_ann else None) or bots[seat].choose(
            game.view(seat)
        )
        game.apply(move)
    return game


def takes_the_trick(game: Game, card) -> bool:
    after = game.clone()
    after.apply(PlayCard(card))
    return after.tricks_won[0] > game.tricks_won[0]


def pain_card_thrown_away() -> tuple[Game, int]:
    """A one-deal game for four in which Ann picks as pain colour the one she holds most
    of, then, last to a trick, takes it with a pain-colour card worth 6 or more (6 points
    or more off her score, where a card that leaves the trick to the others costs
    nothing); the rest played by the normal bot. And the step of that move."""
    for seed in range(40):
        thrown = []

        def throw(game: Game, thrown=thrown):
            if game.phase is Phase.PICK:
                hand = game.hands[0]
                longest = max(hand, key=lambda card: sum(c.colour == card.colour for c in hand))
                return PickPain(min(c for c in hand if c.colour == longest.colour))
            if thrown or game.phase is not Phase.PLAY or len(game.trick) != 3:
                return None
            pain = game.view(0).pain_colours(0)
            for card in sorted(game.hands[0], key=lambda card: -card.value):
                if card.colour in pain and card.value >= 6 and takes_the_trick(game, card):
                    thrown.append(len(game.moves) + 1)
                    return PlayCard(card)
            return None

        game = played_out(Game(NAMES[:4], Rules(deals=1), seed=seed), throw)
        if thrown:
            return game, thrown[0]
    raise AssertionError("Ann never had the chance")


def test_a_high_pain_card_played_into_a_trick_ann_takes_is_marked_costly():
    game, step = pain_card_thrown_away()
    review = Review.of(game, LEVELS, samples=8)
    judged = {judgment.step: judgment for judgment in review.judgments() if judgment}
    assert judged[step].costly and judged[step].cost >= 4
    assert judged[step].best != judged[step].move
    (ann,) = review.summaries(list(judged.values()))
    assert ann.costly >= 1 and ann.lost >= judged[step].cost
    assert ann.decisions == len(judged) == len(review)


def test_the_review_never_depends_on_cards_its_player_could_not_see():
    """Two games alike in everything Ann sees, Bob and Cid holding each other's last cards
    from the deal on: every decision of Ann's before those cards show is judged alike."""
    seen = played_out(Game(NAMES[:3], Rules(deals=1), seed=5))
    last_trick = len(seen.moves) - 3
    game = seen.rewound(last_trick)
    last_cards = {}
    for move in seen.moves[last_trick:]:
        last_cards[game.to_move] = move.card
        game.apply(move)
    other = Game(NAMES[:3], Rules(deals=1), seed=5)
    for seat, away, back in ((1, last_cards[1], last_cards[2]), (2, last_cards[2], last_cards[1])):
        index = other.hands[seat].index(away)
        other.hands[seat][index] = back
        other._hand_moves[seat][index] = PlayCard(back)
    assert other.view(0) == seen.rewound(0).view(0) and other.view(1) != seen.rewound(0).view(1)

    reviews = [
        Review.of(seen, LEVELS, samples=3),
        Review(other, seen.moves[:last_trick], LEVELS, samples=3),
    ]
    assert len(reviews[0]) == len(reviews[1]) > 10
    assert list(reviews[0].judgments(seed=7)) == list(reviews[1].judgments(seed=7))


def test_every_kind_of_decision_of_every_game_is_weighed_with_the_move_made():
    """A pain pick and a card in Sticheln, a card and a pass in Hattrick, a prediction, a
    card and a seal given back in Seven Seals: the move made is weighed beside the
    strong bot's candidates, the best of them is a legal move, and the same seed judges
    alike."""
    sticheln = Game(NAMES[:3], Rules(deals=1), seed=2)
    positions = [("sticheln", sticheln.view(0), PickPain(sticheln.hands[0][-1]))]
    for _ in range(3):
        sticheln.apply(sticheln.legal_moves()[0])
    positions.append(("sticheln", sticheln.view(sticheln.to_move), sticheln.legal_moves()[-1]))

    game = HattrickGame(NAMES[:4], seed=3)
    kinds = {hattrick.PlayCard: None, hattrick.PassCard: None}
    while not all(kinds.values()):
        moves = game.legal_moves()
        for move in moves:
            if kinds[type(move)] is None and len(moves) > 1:
                kinds[type(move)] = (game.view(game.to_move), move)
        game.apply(moves[0])
    positions += [("hattrick", *found) for found in kinds.values()]

    for phase in (seven_seals.Phase.PREDICT, seven_seals.Phase.PLAY, seven_seals.Phase.RETURN):
        game = seven_seals_until(
            lambda g, phase=phase: g.phase is phase and len(g.legal_moves()) > 1, seeds=20
        )
        view = game.view(game.to_move)
        positions.append(("seven-seals", view, view.legal_moves[-1]))

    for key, view, move in positions:
        judgment = judge(key, view, move, step=1, samples=2)
        assert judgment is not None, (key, move)
        assert judgment.move == move and judgment.best in view.legal_moves
        assert judgment.cost >= 0 and judgment.candidates >= 2
        assert judge(key, view, move, step=1, samples=2) == judgment


def test_a_review_called_off_stops_at_once():
    game = played_out(Game(NAMES[:3], Rules(deals=1), seed=1))
    review = Review.of(game, LEVELS, samples=2)
    assert list(review.judgments(stop=lambda: True)) == []
