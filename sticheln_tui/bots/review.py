"""Game review: the strong bot weighs every decision a human made in a finished game.

Each decision is judged from the deciding seat's view, exactly as the strong bot would
see it in that seat (never the hidden cards): its candidates and the move made are each
played out on the same sampled deals (common random numbers, so the luck of a deal falls
on every candidate alike), and a candidate is worth its average margin against the
table: the player's deal score minus the others' average, in points. A move is costly
when the best candidate is worth at least `COSTLY` more than it, by more than the
sampling's error could explain.

A decision is a position where a human had more than one legal move and the strong bot
searches: Sticheln's late choice of pain colours (which the choice screen works out
exactly) and the table's answer to a tie are not reviewed.
"""

from __future__ import annotations

import math
from collections.abc import AsyncGenerator, Callable, Iterator, Sequence
from dataclasses import dataclass
from statistics import fmean, pstdev
from typing import Any, TypeVar

from ..core.review import Decision
from ..games import play_of
from .search import SamplingBot, World, margin
from .thinking import thoughts_apart

# A costly move: the best candidate leads it by this many points or more on average, and
# by at least `CERTAINTY` standard errors of that lead. The same deals for every candidate
# make the lead vary far less than either average; each game's judge samples enough deals
# for the lead's error to stay well under `COSTLY / CERTAINTY` (README, "Game review").
COSTLY = 1.5
CERTAINTY = 2.5

W = TypeVar("W", bound=World)
C = TypeVar("C")


class Weighing(SamplingBot):
    """Mixed in before a game's strong bot: its search, instead of choosing, plays every
    candidate and the move made on the same `samples` sampled deals and keeps each one's
    margin on each (`margins`). The bot's own choice is untouched."""

    samples = 0  # sampled deals a decision is weighed on, unless the review says otherwise

    def __init__(
        self,
        seed: int,
        samples: int | None,
        made: Any,
    ) -> None:
        super().__init__(seed)
        if samples is not None:
            self.samples = samples
        self.made = made  # the move made, as a game move
        # By candidate, once searched: its margin on each sampled deal, in order.
        self.margins: dict[Any, list[float]] | None = None
        self.best: Any = None  # the candidate whose average margin is highest
        self.view: Any = None

    def advise(self, view: Any) -> Any:
        self.view = view
        return super().advise(view)

    def search(
        self,
        me: int,
        players: int,
        candidates: Sequence[C],
        sample: Callable[[], W],
        trial: Callable[[W, C], Sequence[int]],
    ) -> tuple[C, str]:
        made = self.candidate(self.view, self.made)
        weighed = list(dict.fromkeys([*candidates, made]))
        self.margins = {candidate: [] for candidate in weighed}
        for _ in range(self.samples):
            world = sample()
            for candidate in weighed:
                self.margins[candidate].append(margin(me, trial(world.copy(), candidate)))
        averages = {candidate: fmean(found) for candidate, found in self.margins.items()}
        self.best = max(weighed, key=averages.__getitem__)
        return self.best, ""


@dataclass(frozen=True)
class Judgment:
    """One human decision weighed: the move made at `step` (1 for the game's first move,
    as the replay numbers them) against the best candidate."""

    step: int
    seat: int
    view: Any  # what the seat saw when deciding
    move: Any
    best: Any
    cost: float  # the best candidate's average minus the move's, in points
    error: float  # the standard error of that difference
    candidates: int

    @property
    def costly(self) -> bool:
        """The best candidate leads by `COSTLY` points or more, and by more than the
        luck of the sampled deals would explain (`CERTAINTY` standard errors)."""
        return self.cost >= max(COSTLY, CERTAINTY * self.error)


@dataclass(frozen=True)
class Summary:
    """A human player's review: decisions weighed, costly ones, and the costliest one's
    cost (each cost is weighed against the best move in that position: costs of several
    moves do not add up to what the game lost)."""

    seat: int
    decisions: int
    costly: int
    worst: float


def judge(
    game: str,
    view: Any,
    move: Any,
    step: int,
    samples: int | None = None,
    seed: int = 0,
) -> Judgment | None:
    """The decision of the seat whose view this is, to make `move`; None when it is no
    decision the strong bot weighs."""
    if len(view.legal_moves) < 2:
        return None
    bot = play_of(game).judge(seed, samples, move)
    bot.advise(view)
    if bot.margins is None:
        return None
    margins, best = bot.margins, bot.best
    made = bot.candidate(view, move)
    leads = [ahead - behind for ahead, behind in zip(margins[best], margins[made], strict=True)]
    moves = {bot.candidate(view, legal): legal for legal in view.legal_moves}
    return Judgment(
        step=step,
        seat=view.seat,
        view=view,
        move=move,
        best=moves[best],
        cost=fmean(leads),
        error=pstdev(leads) / math.sqrt(len(leads)),
        candidates=len(margins),
    )


class Review:
    """The decisions of a game's human players (`core.review.decisions`: each with its
    player's view, never the game), ready to be weighed one by one. `game` is the game's
    key, `humans` the human seats."""

    def __init__(
        self,
        game: str,
        decisions: Sequence[Decision],
        humans: Sequence[int],
        samples: int | None = None,
    ) -> None:
        self.game = game
        self.decisions = list(decisions)
        self.humans = list(humans)
        self.samples = samples

    def __len__(self) -> int:
        return len(self.decisions)

    def judgments(self, seed: int = 0) -> Iterator[Judgment | None]:
        """Each decision's judgment in turn (None for one not weighed)."""
        for decision in self.decisions:
            yield judge(self.game, decision.view, decision.move, decision.step, self.samples, seed)

    def weighed(self) -> AsyncGenerator[Judgment | None, None]:
        """`judgments`, weighed in a process of its own (a thread would share the
        interpreter with the screen and slow it down), which ends once they are no
        longer wanted: see `thinking.thoughts_apart`."""
        return thoughts_apart(self.judgments)

    def summaries(self, judged: Sequence[Judgment]) -> list[Summary]:
        """Per human seat: what these judgments found."""
        summaries = []
        for seat in self.humans:
            own = [judgment for judgment in judged if judgment.seat == seat]
            costs = [judgment.cost for judgment in own if judgment.costly]
            summaries.append(Summary(seat, len(own), len(costs), max(costs, default=0.0)))
        return summaries
