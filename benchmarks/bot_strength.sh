#!/bin/sh
# The bot ladders behind the README's figures: one bot against three of the level below,
# 4-player games of Sticheln (classic rules), of Hattrick (five deals) and of Seven Seals
# (one deal per player). Each run prints a table and ends with one line of JSON.
#
#     sh benchmarks/bot_strength.sh [GAMES] [WORKERS] [DEALS]
#
# DEALS (default: each game's own number) shortens every game, for a quick run.
# With 400 games, the normal-vs-easy runs take under a minute; strong-vs-normal takes
# about a quarter of an hour for Sticheln on two cores (200 games took 7 minutes), and
# some 40 and 25 minutes for Hattrick and Seven Seals on one worker.
set -e
games=${1:-400}
workers=${2:-2}
deals=${3:+--deals $3}
sticheln simulate --seats normal,easy,easy,easy --games "$games" --seed 1 --workers "$workers" --json $deals
sticheln simulate --seats strong,normal,normal,normal --games "$games" --seed 1 --workers "$workers" --json $deals
# Hattrick (README, "Hattrick: computer players"); the normal-vs-easy run there is 300 games.
sticheln simulate --game hattrick --seats normal,easy,easy,easy --games "$games" --seed 5 --workers "$workers" --json $deals
sticheln simulate --game hattrick --seats strong,normal,normal,normal --games "$games" --seed 5 --workers "$workers" --json $deals
# Seven Seals (README, "Seven Seals: computer players"); the normal-vs-easy run there is 300 games.
sticheln simulate --game seven-seals --seats normal,easy,easy,easy --games "$games" --seed 5 --workers "$workers" --json $deals
sticheln simulate --game seven-seals --seats strong,normal,normal,normal --games "$games" --seed 5 --workers "$workers" --json $deals
