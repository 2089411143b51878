"""The game review: the strong bot weighs each human decision from that seat's view, marks a
move that throws points away, never depends on cards its player could not see, and works
for every game's kinds of decision. Sample counts are tiny: these check behaviour, not
judgment."""

from __future__ import annotations

from positions import NAMES, pain_card_thrown_away, played_out, seven_seals_until

from sticheln_tui.bots.review import Review, judge
from sticheln_tui.core import hattrick, seven_seals
from sticheln_tui.core.game import Game, PickPain, PlayCard
from sticheln_tui.core.hattrick import HattrickGame
from sticheln_tui.core.review import decisions, decisions_from
from sticheln_tui.core.sticheln import Rules


def test_a_high_pain_card_played_into_a_trick_ann_takes_is_marked_costly():
    game, step = pain_card_thrown_away()
    review = Review("sticheln", decisions(game, [0]), [0], samples=20)
    judged = {judgment.step: judgment for judgment in review.judgments() if judgment}
    assert judged[step].costly and judged[step].cost >= 4
    assert judged[step].best != judged[step].move
    (ann,) = review.summaries(list(judged.values()))
    assert ann.costly >= 1 and ann.worst >= judged[step].cost
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
        Review("sticheln", decisions(seen, [0]), [0], samples=3),
        Review("sticheln", decisions_from(other, seen.moves[:last_trick], [0]), [0], samples=3),
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
