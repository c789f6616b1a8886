"""Self-play training of a paper.io policy: PPO against a league.

    PYTHONPATH=python python3 -m paperio.train OUT [--minutes M] [--seed S]
        [--init scratch|bc|CHECKPOINT] [--league SPEC,...]

OUT holds everything: `policy.npz` (the latest policy, a weights file of
docs/POLICY.md that `paperio play --p1 policy:OUT/policy.npz` plays
natively), `itNNNN.npz` snapshots (the Elo ladder's checkpoints and the
league's past selves), `state.pt` (the learner, its optimiser and the
league's records: running the same command again goes on from there, until
the total training time reaches --minutes) and `log/` (Parquet tables of
package games/paperio/rl/trainlog: iterations, matchups, ratings; `paperio plot training
--data OUT` draws them).

The algorithm, and why
----------------------
PPO with GAE (Schulman et al. 2017; 2016) over one VectorEnv whose games
each play a league member, chosen per game by prioritized fictitious
self-play (PFSP, Vinyals et al. 2019): a member is drawn with weight
s(1 - s) + 0.05, s being the learner's score over its latest games
against it (a Beta(1, 1) prior before any game). So the games go to the
opponents that still beat it about as often as it beats them: random
first, then goround and wanderer as random is beaten, heuristic last,
and every member is still measured. PFSP's "hard" weighting (1 - s)^2
(Settings.pfsp) sent three quarters of the first 200,000 steps to
opponents the learner never beat, where it learned nothing: after 6
minutes it scored 45 % against random and 1 % against goround. The league is the built-in bots (random, goround, wanderer,
heuristic by default), the learner's own past snapshots ("self": the last
three, played natively by the `policy:` player), and any spec given.
The opponents' moves are made in Go, inside the environment's step.

What an earlier plain PPO showed (128 envs x 128 steps, a conv net over a
crop, +-1 at the end, 20 minutes against heuristic): it learned to hide,
because after 2,000 rounds a +-1 at the end pays only for surviving. So
the reward here says what wins, at every step, from the observation's
scalars (OBSERVATION.md):

- territory: 10 x the change of (own area - enemy area) as shares of the
  board: +0.1 per 1 % of the board enclosed or taken, -0.1 per 1 % lost;
- exposure: -0.02 in every step that ends with the own band closer to the
  enemy's head than the own head is to its home (band_to_enemy <=
  home_dist): the enemy could cut the band before it is home;
- the result: +1 won, -1 lost (0 drawn) in the game's last step.

Moves that lose at once (off the board, onto the own band) are masked, as
the native player masks them (mask_losing).

--algo exit replaces PPO by policy iteration through the network's own
play-outs (expert iteration whose expert is the greedy network itself, no
hand-written search): the greedy network and the opponents are
deterministic (random and wanderer draw from the game's seed, a policy:
opponent plays greedily), so a game is a function of its number and the
learner's moves. Each iteration plays exit_games games greedily (the
baseline, opponents by PFSP), draws exit_points decision points in each
(moves where the mask allows more than one move: half uniformly, half by
the network's doubt), and for each other allowed move a' at t replays the
same game in another environment (VectorEnv.start with the game's number,
VectorEnv.replay of the t known moves in Go, without observations or the
network), plays a' and then greedily on, to the end or for exit_horizon
moves. The score (+-exit_win for a win or loss, plus exit_area times the
territory difference as a share of the board, at the end or the horizon)
minus the baseline's at the same move is exactly what a' gains over the
greedy move under the current policy. The network learns a logistic
preference between a' and the greedy move weighted by that gain
(exit_loss: it settles on a' exactly when a' gains on average over the
states that look alike), and the greedy move's cross-entropy times
exit_confirm where nothing beat it, from the latest exit_buffer points.

--init bc starts with DAgger (Ross et al. 2011) toward heuristic: every
observation is labelled with heuristic's move (VectorEnv's expert); a
share of the games (bc_beta, shrinking by bc_beta_decay per iteration) is
played by heuristic itself, the others by the clone's greedy move; the
labelled rows of the last bc_buffer rollouts are kept, and each iteration
learns from minibatches drawn from all of them. --bc-reg W then adds W
times the cross-entropy to heuristic's moves to PPO's loss, falling to 0
over --bc-reg-iterations, so that PPO starts from the clone without
forgetting it at once; --league-floor heuristic:0.3 gives heuristic at
least that share of the games whatever PFSP's weights.

Where the time goes: the earlier run spent 75 % in PPO's updates and 24 %
in torch inference and copies at 5,500 steps/s. Here the network is an
MLP over the crop's planes, the global map's and the scalars (no
convolution: a crop is egocentric already), the rollout keeps uint8 planes
in preallocated tensors, a batch is 512 games x 32 steps with 2 epochs of
8 minibatches of 2,048 rows, and torch uses one thread. The log records
each iteration's steps/s and the shares of environment, inference and
update time.

Measured so far, on a 2-core machine shared with other heavy jobs (load
5 to 17), so that only ratios and trends mean anything; steps per CPU
second of the trainer's process (the environment's Go threads included),
3 iterations after one of warm-up:

- crop11 alone, 256 games x 64 steps, 4 minibatches, two torch threads
  (the earlier settings): 2,470 to 3,400. Two threads on a loaded
  machine do less per CPU second than one: with the global map, 2,020
  against 5,240 side by side.
- the global map (crop11+global15, 2,896 features instead of 871) first
  cost more than its size: 1,700. torch.cat of 4,096 rows of features,
  47 MB, took 0.7 s, because every allocation past glibc's mmap
  threshold is fresh pages from the kernel. Minibatches of 2,048 rows and
  keep_heap: 5,240 (crop11 alone, the same settings: 12,300; the learning
  then takes 72 % of the time, the environment 4 %, 10 % with the map).
- the VectorEnv alone (python3 -m paperio.bench, one core, random
  actions against random): crop11 850,000 to 1,200,000 steps per CPU
  second, crop11+global15 37,000 to 40,000 (the map is a pass over the
  board's 10,302 cells, counted eight at a time).
- stepping the environment beside the learning, in another thread, would
  save at most the environment's 4 to 10 %: not done for PPO. The
  play-outs of --algo exit are another matter: there the environment
  (its opponents, the guard's search for the way home, the global map)
  took 70 to 75 % of the time and the network the rest, one after the
  other. Two lanes (--exit-lanes 2, the default: two VectorEnvs, one
  stepping in Go on a thread of its own while the network chooses the
  other's moves) ran 6,400 to 10,000 steps/s against 5,100 to 6,400 for
  one, one after the other alone on the machine (1.5 minutes each from
  the clone, --mask-way-soft 2), with the same steps in every iteration.
- OpenBLAS, which torch calls for its matrix products on Debian, starts a
  thread per core whose idle threads spin: a trainer with one torch
  thread kept a second core busy doing nothing (35 CPU seconds in 17.5 s
  of play-outs; 16.6 with OPENBLAS_NUM_THREADS=1, as fast). --threads N
  now sets OpenBLAS's threads too (blas.set_threads); runs side by side
  before this had a core fewer than they seemed to.
- learning (the earlier crop11 MLP): in 10.3 minutes (262,000 steps)
  the score against random in the games played rose from 0.27 to 0.91;
  0 to 2 % against goround, wanderer and heuristic. Cloning heuristic
  with the global map (--init bc --bc-iterations 60, the earlier
  cloning: the learner's own sampled moves, each rollout learned twice
  and dropped): the cross-entropy to heuristic's moves fell from 0.98 to 0.64 in 700,000
  steps; the clone then lost all of 40 games to heuristic (by having its
  band cut) and won 7 of 40 against wanderer. PPO from there against the
  default league (60 minutes of training in all, 7.9 million steps, 483
  iterations; the machine's load fell from 17 to about 2 on the way),
  played natively and greedily as policy:OUT/policy.npz (paperio selfplay
  --pairs policy:P:BOT,BOT:policy:P, then paperio stats), with 95 %
  Wilson intervals: after 25 minutes 100/100 against random, 60/100
  against goround, 36/100 against wanderer, 0/100 against heuristic;
  after 45 minutes 98.5 % (200 games), 58.5 % [51.6, 65.1], 56.5 %
  [49.6, 63.2] and 2.8 % [1.5, 4.9] (400 games); after 60 minutes
  100 % [98.1, 100] (200), 84.0 % [78.3, 88.4] (200), 86.5 % [81.1, 90.6]
  (200) and 15.2 % [12.1, 19.1] (400: most losses by a cut band).
- the start (DAgger). The earlier cloning, against heuristic alone
  (--league heuristic, seed 1), loses everything: after 60 iterations 0
  of 200 games against heuristic (184 by a cut band), after 70 0 of 200
  and 4 of 100 against wanderer; the cross-entropy on its rollouts 0.57
  to 0.62. The cloning here (the clone's greedy moves, as it plays
  natively; bc_beta 0.5 decaying by 0.9 per iteration: heuristic plays
  that share of the games itself, so the clone also learns the states
  of long games; bc_buffer 8 rollouts, 131,000 rows, drawn from for the
  same 32 minibatches; the same league and seed): cross-entropy 0.33 and 87 %
  agreement with heuristic's moves after 10 iterations, 0.27 and 90 %
  after 56; against heuristic 6 of 200 (3.0 %, [1.4, 6.4]) after 30
  iterations, 5 of 200 (2.5 %) after 50, where it lasts the 2,000
  rounds in 109 games (61 after 30) and loses them on area; 35 of 100
  against wanderer after 50 (the earlier clone: 7 of 40). So DAgger
  makes a clone that survives, not yet one that takes as much as
  heuristic: 10 % of moves unlike heuristic's are enough to lose. The
  same clone (it0050) against goround 88 of 100, random 50 of 50: as
  strong against goround as the 60 minutes of PPO above. --scalar-gain
  30 did not clone better: cross-entropy 0.341 and 86.2 % agreement
  after 10 iterations against 0.325 and 87.4 % without.
- PPO from that clone (--init it0050.npz --bc-reg 1 --bc-reg-iterations
  60 --league-floor heuristic:0.3, 14 minutes, 1.06 million steps, load
  13 to 25, 550 to 1,350 steps/s): the clone's greedy skill is lost
  faster than PPO builds its own. Sampled, the clone plays far worse
  than greedily (entropy 0.56: 0 % against goround and wanderer in its
  first games), and the cross-entropy to heuristic's moves rose from
  0.50 to 0.77 in 5 iterations despite the weight of 1. Played greedily
  after: random 50 of 50, goround 90 of 100, wanderer 12 of 100 (the
  clone: 35), heuristic 0 of 200 (2.0 % after 20 iterations), most
  games lasting the 2,000 rounds on a small area.
- the exposure mask (--mask exposure; rl.Guard, docs/POLICY.md): 60 %
  of the losses above were cut bands, so the learner may not make a move
  after which the enemy's head can reach its band before its head is home
  (Manhattan distances; the least exposed moves when none is safe), in
  training and natively alike. Measured on a machine at load 10 to 16
  (the trainer got 15 to 20 % of a core: about 4,500 to 5,200 steps per
  CPU second of its process) and played natively (paperio selfplay
  --pairs policy:P:BOT,BOT:policy:P --seed 11, and --seed 12 for a
  second set against heuristic), 95 % Wilson intervals:
  - DAgger under the mask (--init bc --bc-iterations 30 --mask exposure,
    seed 1: 491,520 steps, 10 minutes, about 110 CPU seconds): the
    cross-entropy stops falling at 0.44 to 0.47 and the agreement at 81 to
    83 % after 6 iterations (the expert starts afresh whenever the mask
    forbids its move), yet the clone wins 107 of 400 games against
    heuristic, 26.8 % [22.6, 31.3] (without the mask: 2.5 to 3 %), 200 of
    200 against random, 77.5 % [71.2, 82.7] against goround and 73.5 %
    [67.0, 79.1] against wanderer. With hidden 512,256 (seed 5: 18
    minutes at load 10 to 16, about 170 CPU seconds; cross-entropy 0.418,
    agreement 82.7 %): 36 of 100 against heuristic, 36 % [27.3, 45.8].
  - PPO from that clone, greedy play against heuristic after N PPO
    iterations (100 games each): --bc-reg 1 --league-floor heuristic:0.3
    at temperature 1, 20 iterations: 0 % [0, 3.7]; at --temperature 0.5:
    46 % [36.6, 55.7] after 20 (seed 2; 167 of 400 over both seed sets,
    41.8 % [37.0, 46.6], with 95.0 % [91.0, 97.3] against goround, 68.0 %
    [61.2, 74.1] against wanderer, 199 of 200 against random: the best
    policy measured), but 0 % after 40 and 70, and the same recipe with
    seed 6 from the other clone: 0 of 100 after 10, 0 of 200 after 20. So
    the 20-iteration snapshot was luck, not a recipe. With --exposure 0
    (the mask keeps the band safe; the penalty teaches staying home): 0 %
    after 20. --anchor 3 (KL to the clone) instead of
    --bc-reg, --exposure 0, temperature 0.5: 19 % [12.5, 27.8] after 20,
    23 % [15.8, 32.2] after 30: the anchor holds the clone's level, no
    more. Sampled at temperature 0.5 the learner still wins 0 to 1 % of
    its training games against heuristic while the greedy player wins a
    quarter to a half: PPO's rollouts judge a weaker player than the one
    that plays natively.
- play-outs (--algo exit) from that clone (--init clone.npz --mask
  exposure --league-floor heuristic:0.5, seed 1; 64 games and 512
  decision points per iteration; load 20 to 23, the trainer getting about
  a quarter of a core). The clone itself: 60 of 200 (30.0 % [24.1, 36.7])
  against heuristic in the games below.
  - play-outs to the game's end (--exit-horizon 0) are at chance: an
    alternative beat the greedy move at 62 % of the points, about what two
    draws of a coin give, since one move changes the rest of a
    2,000-round game; learning them made the greedy player lose (50 % of
    its training games won before the first update, 11 % after, with
    --exit-lr 1e-4 and 3e-5, --exit-confirm 0.1 and 0.5). So did the best
    move taken as a label, even at a horizon of 200 moves (70 % "improved":
    cross-entropy to it flipped the greedy move in 53 % of the states
    where the mask allowed two after three iterations).
  - at a horizon of 50 moves (the default), --exit-lr 3e-5 and
    --exit-confirm 0.5, 28 to 35 % of the points improve (deaths and
    enclosures within 50 moves, the rest ties) and the greedy player
    gains steadily, played natively (paperio selfplay --pairs
    policy:P:heuristic,heuristic:policy:P --seed 11): 41.5 % [34.9, 48.4]
    of 200 after 10 iterations (10 minutes, 1.1 million steps), 51.5 %
    [44.6, 58.3] after 21 (23 minutes, 2.2 million steps), and after the
    60 minutes (72 iterations, 7.7 million steps, 26.6 CPU minutes)
    53.5 % [48.6, 58.3] of 400 (with --seed 12, another 400: 56.2 %
    [51.4, 61.0]; both, 439 of 800, 54.9 %), with 59 of 100 against
    goround, 71 of 100 against wanderer, 100 of 100 against random. Its own training games
    against heuristic (other games, about 300 per 10 iterations): 38 %,
    44, 47, 53, 53, 55 and 61 % (iterations 61 to 70). Its games are
    shorter (2,400 half-steps against the clone's 3,500), most ending by a
    cut band; it takes 2.6 times heuristic's area on average.
  - --exit-lr 1e-4 (seed 2, otherwise the same): 55.5 % [48.6, 62.2] of
    200 after 17 iterations, 54.0 % [49.1, 58.8] of 400 after 30 (33
    minutes, 3.4 million steps; 56.5 % with --seed 12, 442 of 800 in
    all, 55.2 %), 60 of 100 against goround, 69 of 100 against
    wanderer, 100 of 100 against random: as far in half the time, no
    further.
  - --mask-margin 3 (the exposure mask asks for 3 moves in hand; the same
    clone and flags otherwise; seeds 1, 2 and 3 side by side, each about
    a third of the two cores: 90, 90 and 93 iterations, 11.0, 10.9 and
    11.2 million steps in 60 minutes): 61.5 % [56.6, 66.1], 67.0 %
    [62.2, 71.4] and 64.2 % [59.4, 68.8] of 400 against heuristic with
    --seed 11 (65.2, 70.2 and 66.8 % with --seed 12); 77.5, 75.0 and
    77.5 % of 200 against goround, 82.0, 83.0 and 76.5 % against
    wanderer, 100 % against random. After 10 iterations its training
    games against heuristic were already 52 to 57 % won (the margin of 1:
    36 to 44 %). Played under a margin of 3, the margin-1 policy of seed 2
    won 63.0 % of 200 (52.0 % under 1).
  - tried from the same clone, 15 to 20 minutes each, none kept: play-outs
    that go on past the horizon until home (up to 100 moves more) and
    half of a lost game's points drawn from its last 50 moves each made
    the greedy player collapse within 10 to 15 iterations (0 to 4 % of
    its training games against heuristic won), the large gains of a few
    points drowning the rest; with each gain's weight bounded at 0.25
    they held, but below the plain run (32 to 40 % against 44 to 46 %);
    league floors for goround and wanderer (0.15 each) left the three
    win rates where they were.
  - --mask-way (the exposure mask measures the way home round the band,
    its cells counted as band), margin 1, from a margin-1 clone made
    again (10.0 % of 200 against heuristic), seeds 1 to 3 side by side
    for 45 minutes (34 to 35 iterations, about 5 million steps each):
    99.5, 99.0 and 97.5 % of 200 against goround, 92.5, 94.5 and 93.5 %
    against wanderer, 100 % against random, but 36.8, 32.8 and 37.2 % of
    400 against heuristic (--seed 11): the mask forbids the loops that
    win against heuristic. With a margin of 3 as well: 32.5 % of 200
    against heuristic after 20 iterations.
  - --mask-way --mask-way-soft (the way's length counts, its cells do
    not; the policy's exposure_way_soft 0), margin 3, from the same
    clone, league floors heuristic:0.45,goround:0.2, seeds 1 to 3 side
    by side for 45 minutes (42 to 43 iterations, 5.4 to 5.6 million
    steps each): 56.0, 56.8 and 58.8 % of 400 against heuristic, but
    69.5, 75.5 and 74.0 % of 200 against goround and 80.0, 89.5 and
    84.5 % against wanderer (100 % against random). Its training games
    against goround stayed at 69 to 83 % after the first iteration: the
    learner did not learn to keep out of goround's round. Played with
    the cells soft instead (exposure_way_soft: the logits of the moves
    they alone forbid lowered by that much), the seed-1 policy traded
    heuristic for goround (seed 21, 200 games each:
    0: 61.5 and 70.0 %; 1: 51.5 and 76.0 %; 2: 58.0 and 84.0 %; the
    whole rule: 38.0 and 99.5 %).
  - --mask-way-soft 2 (trained with the cells soft at 2: the play-outs
    choose, and the learning prefers, by the logits less 2 for the moves
    they alone forbid), the rest as above (43 to 46 iterations, 5.7 to
    6.1 million steps each): 60.5, 58.2 and 64.8 % of 400 against
    heuristic, 81.0, 80.0 and 77.0 % of 200 against goround, 91.0, 90.5
    and 89.5 % against wanderer, 100 % against random. The seed-1 policy
    played at 4: 45.5 % against heuristic, 96.0 % against goround; at 8:
    39.0 and 99.5 % (seed 21, 200 games each).
  - --mask-way-soft 3, with two lanes and OpenBLAS at one thread (33
    iterations, 4.6 to 4.75 million steps each, a CI run beside them):
    46.2, 51.0 and 66.0 % of 400 against heuristic, 91.0, 87.5 and 88.0 %
    of 200 against goround, 92.0, 86.5 and 90.5 % against wanderer, 100 %
    against random.
  - trained under the native player's rules (--mask-way-soft 2
    --mask-way-toward 20: the play-outs choose, and the learning prefers,
    by the logits less 2 for the moves the way's cells alone forbid and
    less 20 for those whose way the enemy heads for), each seed cloned
    afresh (30 iterations, --iterations 30) and trained alone for 44
    minutes: 60 to 69 % of 400 against heuristic, 93.5 to 96.5 % of 200
    against goround, 91 to 92 % against wanderer, 100 % against random.
  - the same at --mask-way-soft 3 (the way's cells weigh in training as
    in play) with --league-floor heuristic:0.45,goround:0.2,wanderer:0.1,
    each seed alone for 44 minutes (203 to 227 iterations, 29 to 33
    million steps, 11,100 to 12,300 steps/s): 63.5 to 74.5 % of 400
    against heuristic, 96 to 98 % of 200 against goround, 91 to 95 %
    against wanderer, 100 % against random (README.md has the table).
  - the same with --exit-hindsight 0.5 --exit-hindsight-area, on a
    machine about half as fast (105 to 117 iterations, 15 to 17 million
    steps): 98.5 to 100 % of 200 against goround on both sets of starts,
    47 to 59 % of 400 against heuristic, 86 to 92 % against wanderer,
    100 % against random; the losses to heuristic end mostly on area at
    the last round.
  - the same with --exit-hindsight 0.5 alone (no hindsight for a loss on
    area at the last round), two seeds, the exit stage for 56 minutes
    (206 and 207 iterations, 30 million steps): 58.2 and 56.2 % of 400
    against heuristic, 99.0 and 97.5 % against goround, 91.0 and 90.0 %
    against wanderer, 100 % against random; a third seed on a slower
    machine (156 iterations, 23 million steps): 48.8, 99.0, 90.5 and
    100 %.
  - the 44-minute recipe with search in the league (--league
    random,goround,wanderer,heuristic,search,self --league-floor
    heuristic:0.4,search:0.15,goround:0.2,wanderer:0.1, seed 3): search
    replays its moves in every prefix, so 18 iterations (2.6 million
    steps); 54.5 % against heuristic, 98.5 % against goround, 94.5 %
    against wanderer, 100 % against random, 38.0 % of 200 against search.
  - where the time goes: 900 to 6,800 steps per second of wall time as
    the load fell (2,140 over the hour, about 4,800 per CPU second of the
    trainer); inference 20 to 75 % and the environment 20 to 75 % (Go:
    the steps, the global map's pass over the board, the replayed
    prefixes with the opponent's moves), learning 1 to 2 %.
"""

import argparse
import collections
import ctypes
import json
import math
import os
import sys
import time

import numpy as np

from . import _lib, blas, policy
from .env import VectorEnv

DEFAULT_LEAGUE = 'random,goround,wanderer,heuristic,self'
SELF = 'self'  # the league's past snapshots of the learner

# Scalars of OBSERVATION.md that the reward reads.
OWN_AREA, ENEMY_AREA, HOME_DIST, BAND_TO_ENEMY = 9, 10, 20, 21


class Settings:
    """The hyperparameters of a run (saved in state.pt; a resumed run keeps
    them)."""
    envs = 512
    steps = 32  # per environment and iteration
    epochs = 2
    minibatches = 8  # 2,048 rows each: see keep_heap
    lr = 3e-4
    gamma = 0.997
    lam = 0.95
    clip = 0.2
    ent = 0.01
    vf = 0.5
    max_grad = 0.5
    area_reward = 10.0  # per share of the board: 0.1 per 1 %
    exposure = 0.02
    win_reward = 1.0
    view = 'crop11+global15'
    hidden = (256, 128)
    snapshot_every = 10  # iterations between snapshots (ladder, league)
    self_keep = 3  # snapshots in the league
    window = 200  # latest games behind a member's score
    pfsp = 'var'  # weighting of the league's draws: 'var' s(1 - s), 'hard' (1 - s)^2
    pfsp_floor = 0.05
    bc_iterations = 20  # --init bc: DAgger iterations cloning heuristic
    bc_expert = 'heuristic'
    bc_beta = 0.5  # share of games the expert plays itself in the first cloning iteration ...
    bc_beta_decay = 0.9  # ... times this per iteration (DAgger's mixture)
    bc_buffer = 8  # rollouts of labelled rows kept and trained on (DAgger's aggregate)
    bc_epochs = 2  # passes over a rollout's worth of rows, drawn from the aggregate, per iteration
    bc_reg = 0.0  # PPO's loss adds this times the cross-entropy to the expert's moves at first ...
    bc_reg_iterations = 100  # ... falling linearly to 0 over this many PPO iterations (keeps the clone's skill)
    league_floor = ''  # 'MEMBER:SHARE,...': each member is drawn for at least SHARE of the games
    anchor = 0.0  # PPO's loss adds this times KL(start || policy), the start being the network PPO began from
    temperature = 1.0  # PPO's policy is softmax(logits / temperature): below 1 its draws are nearer the greedy move
    guard = False  # the exposure mask (rl.Guard) on the learner's moves, as the native player with mask_exposure
    guard_margin = 1  # the moves in hand the exposure mask asks for (rl.GuardMargin; the policy's exposure_margin)
    guard_way = False  # the exposure mask measures the way home round the band, its cells as band (rl.Exposure)
    guard_way_soft = False  # with guard_way: only the way's length counts, not its cells (exposure_way_soft 0)
    way_soft = 0.0  # with guard_way_soft: the logits of the moves the way's cells alone forbid are lowered this much
    way_toward = 0.0  # above 0: instead of way_soft, this much for those whose way the enemy heads for (exposure_way_toward)
    scalar_gain = 1.0  # learning rate (and initial weights) of the scalars' inputs, times the others': see _step
    algo = 'ppo'  # 'exit': policy iteration by counterfactual play-outs (Trainer._run_exit) instead of PPO
    exit_games = 64  # exit: baseline games per iteration, played greedily
    exit_points = 8  # exit: decision points per baseline game, each move the mask allows there played out
    exit_envs = 256  # exit: environments stepping the play-outs together
    exit_lanes = 2  # exit: VectorEnvs they are split into, one stepping in Go while the network chooses another's moves
    exit_horizon = 50  # exit: moves a play-out goes on after its deviation (0: to the game's end)
    exit_win = 1.0  # exit: the score of a win (minus for a loss) ...
    exit_area = 1.0  # ... plus this times the territory difference as a share of the board
    exit_hindsight = 0.0  # exit: share of a lost game's decision points drawn from its last exit_horizon moves
    exit_hindsight_area = False  # exit: a loss on area at the last round gets hindsight too
    exit_confirm = 0.5  # exit: weight of the greedy move's cross-entropy where no move played out beat it
    exit_lr = 3e-5  # exit: Adam's step size (a fresh optimiser's first steps move every weight by about this)
    exit_buffer = 32768  # exit: decision points kept and learned from
    exit_batch = 256  # exit: rows per minibatch
    exit_epochs = 4.0  # exit: minibatch rows per iteration, as multiples of the iteration's new decision points
    turns = 2000
    width, height = 102, 101

    def __init__(self, **kw):
        for k, v in kw.items():
            if not hasattr(Settings, k):
                raise _lib.Error('unknown setting %r' % k)
            setattr(self, k, v)

    def dict(self):
        return {k: getattr(self, k) for k in dir(Settings) if not k.startswith('_') and k != 'dict'}


def wilson(score, n, z=1.96):
    """The Wilson 95 % interval of a score over n games; (0, 1) without
    games."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


class League:
    """The opponents, their latest results against the learner, and PFSP
    sampling."""

    def __init__(self, members, settings, rng):
        self.s = settings
        self.rng = rng
        self.fixed = [m for m in members if m != SELF]
        self.selfplay = SELF in members
        self.snapshots = []  # policy:FILE specs of the past selves in the league
        self.results = {}  # spec -> deque of scores (1, 0.5, 0)
        self.count = {}  # spec -> [wins, draws, losses] since the last log row
        for m in self.fixed:
            self._add(m)

    def _add(self, spec):
        self.results.setdefault(spec, collections.deque(maxlen=self.s.window))
        self.count.setdefault(spec, [0, 0, 0])

    def members(self):
        return self.fixed + self.snapshots

    def add_snapshot(self, spec):
        if not self.selfplay:
            return
        self._add(spec)
        self.snapshots.append(spec)
        del self.snapshots[:-self.s.self_keep]

    def score(self, spec):
        """The learner's score against spec over the window, with a Beta(1,
        1) prior."""
        r = self.results[spec]
        return (sum(r) + 1) / (len(r) + 2)

    def weights(self):
        m = self.members()
        s = np.array([self.score(x) for x in m])
        f = s * (1 - s) if self.s.pfsp == 'var' else (1 - s) ** 2
        w = f + self.s.pfsp_floor
        return m, floored(m, w / w.sum(), parse_floor(self.s.league_floor))

    def sample(self, k):
        m, w = self.weights()
        return [m[i] for i in self.rng.choice(len(m), size=k, p=w)]

    def record(self, spec, result):
        """result: +1 the learner won, -1 lost, 0 drawn."""
        self._add(spec)
        self.results[spec].append((result + 1) / 2)
        self.count[spec][0 if result > 0 else 1 if result == 0 else 2] += 1

    def rows(self, base):
        """One matchups row per member (and per opponent that finished a
        game since the last rows), then the counts start again."""
        members, w = self.weights()
        weight = dict(zip(members, w))
        rows = []
        for spec in sorted(set(members) | {k for k, c in self.count.items() if sum(c)}):
            r = self.results[spec]
            lo, hi = wilson(sum(r), len(r))
            wins, draws, losses = self.count[spec]
            rows.append(dict(base, opponent=spec, wins=wins, draws=draws, losses=losses, window=len(r),
                             win_rate=sum(r) / len(r) if r else -1.0, low=lo, high=hi,
                             weight=float(weight.get(spec, 0.0))))
            self.count[spec] = [0, 0, 0]
        return rows

    def state(self):
        return {'fixed': self.fixed, 'selfplay': self.selfplay, 'snapshots': self.snapshots,
                'results': {k: list(v) for k, v in self.results.items()}}

    def restore(self, st):
        self.fixed, self.selfplay, self.snapshots = st['fixed'], st['selfplay'], st['snapshots']
        for k, v in st['results'].items():
            self._add(k)
            self.results[k].extend(v)


def parse_floor(spec):
    """{member: share} of a league floor 'MEMBER:SHARE,...' (Error when
    malformed)."""
    floor = {}
    for part in filter(None, (p.strip() for p in spec.split(','))):
        name, _, share = part.rpartition(':')
        try:
            v = float(share)
        except ValueError:
            v = -1
        if not name or not 0 <= v <= 1:
            raise _lib.Error('--league-floor %r: want MEMBER:SHARE,... with shares from 0 to 1' % spec)
        floor[name] = v
    if sum(floor.values()) > 1:
        raise _lib.Error('--league-floor %r: the shares add up to more than 1' % spec)
    return floor


def floored(members, w, floor):
    """PFSP's probabilities w with each floored member raised to its
    share, the others scaled down to make room: PFSP alone gives an
    opponent the learner never beats (heuristic, at first) a few % of the
    games, and those are the games that teach what beats it."""
    low = np.array([floor.get(m, 0.0) for m in members])
    if not low.any():
        return w
    raised = w < low
    for _ in range(len(members)):  # raising one may push another under its floor
        rest = ~raised
        room = 1 - low[raised].sum()
        w = np.where(raised, low, w / w[rest].sum() * room if rest.any() else 0)
        if not (w < low - 1e-12).any():
            break
        raised |= w < low
    return w / w.sum()


def log_append(out, table, rows):
    """Appends rows (dicts) to a table of OUT/log through the library."""
    if not rows:
        return
    msg = _lib.Message()
    data = json.dumps(rows, allow_nan=False).encode()
    msg.check(_lib.lib.paperio_log_append(os.path.join(out, 'log').encode(), table.encode(), data, msg.buf, msg.size))


def read_log(out, table):
    """The rows of a table of OUT/log ('iterations', 'matchups' or
    'ratings'), as a list of dicts."""
    msg = _lib.Message()
    size = 1 << 16
    while True:
        buf = ctypes.create_string_buffer(size)
        ret = _lib.lib.paperio_log_read(os.path.join(out, 'log').encode(), (table + '.parquet').encode(), buf, size,
                                        msg.buf, msg.size)
        if ret >= 0:
            return json.loads(buf.value.decode())
        if ret == -1:
            msg.check(ret)
        size = -(ret + 2) + 1


def log_ladder(out, iteration, seconds):
    """Fits the Elo ladder of the log's matchups and appends it; returns its
    rows."""
    msg = _lib.Message()
    buf = ctypes.create_string_buffer(1 << 20)
    msg.check(_lib.lib.paperio_log_ladder(os.path.join(out, 'log').encode(), int(iteration), float(seconds),
                                          buf, len(buf), msg.buf, msg.size))
    return json.loads(buf.value.decode() or '[]')


def shaped_reward(s, before, after, result):
    """Each environment's reward for one step: the change of the territory
    difference, the band's exposure, and the game's result. before and
    after are the scalars around the step (after: the game's last ones when
    it ended)."""
    diff = (after[:, OWN_AREA] - after[:, ENEMY_AREA]) - (before[:, OWN_AREA] - before[:, ENEMY_AREA])
    band = after[:, BAND_TO_ENEMY]
    exposed = (band >= 0) & (band <= after[:, HOME_DIST])
    return s.area_reward * diff - s.exposure * exposed + s.win_reward * result


def keep_heap():
    """Keeps freed memory in the process (glibc's mallopt): a minibatch's
    float features (2,048 rows of 2,896 for crop11+global15, 24 MB) are
    allocated and freed again and again, and each allocation past the mmap
    threshold is fresh pages from the kernel, whose faults cost more than
    the arithmetic (a torch.cat of 4,096 such rows took 0.7 s). So the
    threshold is raised to its most (32 MB) and the heap is not trimmed;
    minibatches stay under the threshold. Elsewhere than glibc, nothing."""
    try:
        libc = ctypes.CDLL('libc.so.6')
        libc.mallopt(-3, 32 << 20)  # M_MMAP_THRESHOLD
        libc.mallopt(-1, 1 << 30)  # M_TRIM_THRESHOLD
    except (OSError, AttributeError):
        pass


class Trainer:
    """One training run in folder out."""

    def __init__(self, out, seed=0, init='scratch', league=DEFAULT_LEAGUE, minutes=60.0, settings=None,
                 progress=sys.stderr, threads=None, iterations=None):
        import torch
        self.torch = torch
        keep_heap()
        if threads:
            torch.set_num_threads(threads)
            blas.set_threads(threads)  # its idle threads spin: a core lost per trainer (blas.set_threads)
        self.out, self.seed, self.minutes, self.progress = out, int(seed), float(minutes), progress
        self.iterations = iterations  # at most this many in this run (tests, notebooks)
        os.makedirs(os.path.join(out, 'log'), exist_ok=True)
        self.state_path = os.path.join(out, 'state.pt')
        self.iteration, self.steps, self.seconds, self.snapshot = 0, 0, 0.0, 'it0000'
        resumed = os.path.exists(self.state_path)
        st = torch.load(self.state_path) if resumed else None
        # A run saved before exit_hindsight_area existed gave hindsight to every loss, and goes on so.
        self.s = Settings(**{'exit_hindsight_area': True, **st['settings']}) if resumed else (settings or Settings())
        members = st['league']['fixed'] if resumed else parse_league(league)
        self.rng = np.random.default_rng([self.seed, st['iteration'] if resumed else 0])
        self.league = League(members + ([SELF] if resumed and st['league']['selfplay'] else []), self.s, self.rng)
        if resumed:
            self.net = policy.PolicyNet(st['meta'])
            self.net.load_state_dict(st['model'])
            self.league.restore(st['league'])
            self.iteration, self.steps, self.seconds = st['iteration'], st['steps'], st['seconds']
            self.snapshot = st['snapshot']
            self.bc_left = st.get('bc_left', 0)
            self.reg_left = st.get('reg_left', 0)
            self.anchor = self._frozen(st['anchor']) if st.get('anchor') else None
        else:
            self.anchor = None
            self.net = self._initial(init)
            self.bc_left = self.s.bc_iterations if init == 'bc' else 0
            self.reg_left = self.s.bc_reg_iterations if self.s.bc_reg > 0 else 0
        if min(self.s.way_soft, self.s.way_toward) < 0 or self.penalized and self.s.algo != 'exit':
            raise _lib.Error('way_soft %g, way_toward %g: want penalties of at least 0, learned by the play-outs '
                             '(algo exit)' % (self.s.way_soft, self.s.way_toward))
        if self.s.way_toward and not self.s.guard_way_soft:
            raise _lib.Error('way_toward %g: the moves toward the enemy are some of those the way\'s cells alone '
                             'forbid; set guard_way_soft' % self.s.way_toward)
        self.opt = torch.optim.Adam(self.net.parameters(), lr=self.s.lr, eps=1e-5)
        if resumed:
            self.opt.load_state_dict(st['opt'])
        self.resumed = resumed
        if self.league.selfplay and not self._policy_opponents():
            self.league.selfplay = False
            self.league.snapshots = []
            print('paperio.train: this library has no policy: player; the league goes on without past selves',
                  file=progress)

    def _soft(self):
        """The policy's exposure_way_soft: the penalty of the moves the
        way's cells alone forbid (--mask-way-soft B; 0 when they do not
        count), none when they forbid moves."""
        return float(self.s.way_soft) if self.s.guard_way_soft else None

    def _toward(self):
        """The policy's exposure_way_toward (--mask-way-toward G), none for
        none."""
        return float(self.s.way_toward) if self.s.guard_way_soft and self.s.way_toward > 0 else None

    @property
    def penalized(self):
        """Whether the policy lowers the logits of some moves the way's
        cells alone forbid (exposure_way_soft or exposure_way_toward above
        0)."""
        return self.s.guard_way_soft and (self.s.way_soft > 0 or self.s.way_toward > 0)

    def penalty(self, info, rows=slice(None)):
        """What the policy subtracts from the logits of the moves of rows,
        as the native player does: exposure_way_soft for the moves of
        info['reach'], exposure_way_toward instead for those of
        info['toward'] when it is given. A (len(rows), 3) float32 tensor,
        or None when nothing is subtracted."""
        if not self.penalized:
            return None
        pen = info['reach'][rows].astype(np.float32) * np.float32(self.s.way_soft)
        if self.s.way_toward > 0:
            pen[info['toward'][rows]] = np.float32(self.s.way_toward)
        return self.torch.from_numpy(pen)

    def _initial(self, init):
        views = policy.tower_views(self.s.view)
        if init in ('scratch', 'bc'):
            meta = {'towers': [{'view': v, 'conv': []} for v in views], 'scalars': True, 'hidden': list(self.s.hidden),
                    'mask_losing': True, 'mask_exposure': bool(self.s.guard), 'width': self.s.width,
                    'height': self.s.height, 'exposure_margin': self.s.guard_margin,
                    'exposure_way': self.s.guard_way, 'exposure_way_soft': self._soft(),
                    'exposure_way_toward': self._toward()}
            self.torch.manual_seed(self.seed)
            net = policy.PolicyNet(meta)
            with self.torch.no_grad():
                for w in scalar_weights(net):
                    w.mul_(self.s.scalar_gain)
            return net
        if not os.path.exists(init):
            raise _lib.Error('--init %s: want scratch, bc or a weights file (.npz) that exists' % init)
        net = policy.load(init)
        if [t['view'] for t in net.meta['towers']] != views or net.v is None:
            raise _lib.Error('--init %s: the trainer needs towers of %s and a value head' % (init, ', '.join(views)))
        if self.s.guard:
            net.meta['mask_exposure'] = True
            net.meta['exposure_margin'] = self.s.guard_margin
            net.meta['exposure_way'] = self.s.guard_way
            net.meta['exposure_way_soft'] = self._soft()
            net.meta['exposure_way_toward'] = self._toward()
        net.train()
        return net

    def _frozen(self, state):
        """A copy of the network with the weights of state, frozen: the
        anchor that --anchor keeps PPO near."""
        net = policy.PolicyNet(self.net.meta)
        net.load_state_dict(state)
        net.eval()
        for p in net.parameters():
            p.requires_grad_(False)
        return net

    def _policy_opponents(self):
        """Whether the library plays policy:FILE opponents."""
        tmp = os.path.join(self.out, '.probe.npz')
        policy.save(self.net, tmp)
        try:
            with VectorEnv(1, opponent='policy:' + tmp, view=self.s.view, width=self.s.width,
                           height=self.s.height, turns=self.s.turns):
                return True
        except _lib.Error:
            return False
        finally:
            os.remove(tmp)

    def _env(self, expert=None):
        s = self.s
        first = self.league.sample(s.envs)
        env = VectorEnv(s.envs, opponents=first, player=0, view=s.view, width=s.width, height=s.height,
                        turns=s.turns, autoreset_mode='same_step', expert=expert, guard=s.guard,
                        guard_margin=s.guard_margin, guard_way=s.guard_way,
                        guard_way_soft=s.guard_way_soft)
        return env, list(first)

    def _say(self, line):
        if self.progress:
            print(line, file=self.progress, flush=True)

    def run(self):
        torch = self.torch
        s = self.s
        limit = self.minutes * 60
        if self.seconds >= limit:
            self._say('paperio.train: %s has trained %.1f of %.1f minutes already' % (self.out, self.seconds / 60,
                                                                                     self.minutes))
            return
        self._say('paperio.train: %s %s at iteration %d, %.1f of %.1f minutes; league %s' % (
            'resuming' if self.resumed else 'starting', self.out, self.iteration, self.seconds / 60, self.minutes,
            ','.join(self.league.members() + ([SELF] if self.league.selfplay else []))))
        if s.algo == 'exit' and not self.bc_left:
            self._run_exit()
            return
        env, current = self._env(s.bc_expert if self.bc_left or self.reg_left else None)
        queued = list(current)
        obs, info = env.reset(seed=int(np.random.SeedSequence([self.seed, self.iteration]).generate_state(1)[0] >> 1))
        n, T = s.envs, s.steps
        planes = [torch.zeros((T, n) + x.shape[1:], dtype=torch.uint8) for x in tower_planes(obs)]
        scal = torch.zeros((T, n, 24))
        safe = torch.zeros((T, n, 3), dtype=torch.bool)
        acts = torch.zeros((T, n), dtype=torch.long)
        logps = torch.zeros((T, n))
        vals = torch.zeros((T + 1, n))
        rews = torch.zeros((T, n))
        dones = torch.zeros((T, n))
        expert = torch.zeros((T, n), dtype=torch.long)
        first = self.iteration
        aggregate = Aggregate(s.bc_buffer * n * T) if self.bc_left else None
        driver = torch.zeros(n, dtype=torch.bool)  # cloning: the games the expert plays itself
        while self.seconds < limit and (self.iterations is None or self.iteration - first < self.iterations):
            if s.algo == 'exit' and not self.bc_left:  # cloned: the play-outs go on from here
                env.close()
                if self.iterations is not None:
                    self.iterations -= self.iteration - first
                self._run_exit()
                return
            bc = self.bc_left > 0
            labels = bc or self.reg_left > 0
            if bc:
                beta = s.bc_beta * s.bc_beta_decay ** (s.bc_iterations - self.bc_left)
                if self.iteration == first:
                    driver[:] = torch.from_numpy(self.rng.random(n) < beta)
            t0 = time.perf_counter()
            t_env = t_infer = 0.0
            games = score = 0
            for t in range(T):
                ti = time.perf_counter()
                for buf, x in zip(planes, tower_planes(obs)):
                    buf[t].copy_(torch.from_numpy(x))
                scal[t].copy_(torch.from_numpy(obs['scalars']))
                if s.guard:
                    safe[t].copy_(torch.from_numpy(info['guard']))
                else:
                    safe[t].copy_(torch.from_numpy(policy.safe_moves(self.net.meta, [obs['planes']], None)))
                if labels:
                    expert[t].copy_(torch.from_numpy(info['expert_action']))
                with torch.inference_mode():
                    logits, v = self.net([buf[t] for buf in planes], scal[t])
                    pen = self.penalty(info)  # cloning before play-outs only: PPO refuses a penalty
                    if pen is not None:
                        logits = logits - pen
                    logp_all = torch.log_softmax(masked(logits / s.temperature, safe[t]), 1)
                    if bc:  # the states of the greedy player that plays natively, or the expert's own games
                        a = dagger_actions(logp_all.argmax(1), expert[t], driver)
                    else:  # Gumbel-max: a draw from the softmax without torch.distributions' checks
                        a = (logp_all - torch.empty_like(logp_all).exponential_().log()).argmax(1)
                    logps[t] = logp_all.gather(1, a[:, None])[:, 0]
                vals[t] = v
                acts[t] = a
                before = obs['scalars'].copy()
                te = time.perf_counter()
                t_infer += te - ti
                obs, reward, term, _, info = env.step(a.numpy())
                t_env += time.perf_counter() - te
                after = np.where(info['_final_obs'][:, None], info['final_obs']['scalars'], obs['scalars'])
                rews[t] = torch.from_numpy(shaped_reward(s, before, after, reward).astype(np.float32))
                dones[t] = torch.from_numpy(term.astype(np.float32))
                for i in np.flatnonzero(term):
                    if not (bc and driver[i]):  # the expert's own games say nothing of the learner
                        self.league.record(current[i], float(reward[i]))
                        games += 1
                        score += (reward[i] + 1) / 2
                    current[i] = queued[i]
                    queued[i] = self.league.sample(1)[0]
                    env.set_opponent(i, queued[i])
                    if bc:
                        driver[i] = bool(self.rng.random() < beta)
            with torch.inference_mode():
                _, vals[T] = self.net([torch.from_numpy(x) for x in tower_planes(obs)], torch.from_numpy(obs['scalars']))
            t_infer += 0  # the last value is counted with the update
            tl = time.perf_counter()
            if bc:
                stats = self._clone(aggregate, planes, scal, safe, vals, rews, dones, expert)
                self._cloning = (beta, stats.pop('agreement'))  # the progress line's, not the log's
            else:
                if s.anchor > 0 and self.anchor is None:  # PPO's first iteration: its start is the anchor
                    self.anchor = self._frozen(self.net.state_dict())
                reg = s.bc_reg * self.reg_left / s.bc_reg_iterations if self.reg_left else 0.0
                stats = self._update(planes, scal, safe, acts, logps, vals, rews, dones,
                                     expert if reg else None, reg)
                if reg:
                    self._regularised = (reg, stats.pop('expert_ce', float('nan')))  # the progress line's
                self._anchored = stats.pop('anchor_kl', None)  # the progress line's
            t_learn = time.perf_counter() - tl
            took = time.perf_counter() - t0
            self.iteration += 1
            self.steps += n * T
            self.seconds += took
            if bc:
                self.bc_left -= 1
                if not self.bc_left:
                    aggregate = None
            elif self.reg_left:
                self.reg_left -= 1
            if labels and not (self.bc_left or self.reg_left):  # no expert from here on
                env.close()
                env, current = self._env()
                queued = list(current)
                obs, info = env.reset(seed=self.seed + self.iteration)
            self._finish_iteration(dict(
                stats, iteration=self.iteration, steps=self.steps, seconds=self.seconds,
                steps_per_second=n * T / took, env_share=t_env / took, learn_share=t_learn / took,
                reward=float(rews.mean()), games=games, win_rate=score / games if games else -1.0),
                t_infer / took)
        env.close()
        self._say('paperio.train: stopped after %.1f minutes of training; the policy is %s' % (
            self.seconds / 60, os.path.join(self.out, 'policy.npz')))

    def _run_exit(self):
        """Expert iteration whose expert is the network's own play: each
        iteration plays exit_games baseline games greedily against the
        league (PFSP), draws exit_points decision points in each (moves
        where the mask allows more than one move, half at random, half
        where the network doubts most), replays each game to that point
        and plays every other allowed move there, then greedily on to the
        end (or the horizon). Greedy network and opponents being
        deterministic, the score difference of a play-out and its baseline
        is exactly what that move gains under the current policy. The
        network learns to prefer each move played out over the greedy one,
        or the greedy one over it, weighted by the difference (exit_loss),
        from a buffer of the latest exit_buffer decision points: a step of
        policy iteration, all from its own play."""
        torch, s = self.torch, self.s
        limit = self.minutes * 60
        first = self.iteration
        lanes = max(1, min(s.exit_lanes, s.exit_envs))
        envs = []
        for k in range(lanes):
            n = s.exit_envs // lanes + (k < s.exit_envs % lanes)
            env = VectorEnv(n, opponents=[self.league.fixed[0]] * n, player=0, view=s.view, width=s.width,
                            height=s.height, turns=s.turns, autoreset_mode='same_step', guard=s.guard,
                            guard_margin=s.guard_margin, guard_way=s.guard_way, guard_way_soft=s.guard_way_soft)
            # One run seed for all: a game number is the same game in every lane.
            env.reset(seed=int(np.random.SeedSequence([self.seed, 1]).generate_state(1)[0] >> 1))
            envs.append(env)
        roll = Rollouts(self, envs)
        buf = Aggregate(s.exit_buffer)
        for group in self.opt.param_groups:
            group['lr'] = s.exit_lr
        none = np.zeros(0, np.int64)
        while self.seconds < limit and (self.iterations is None or self.iteration - first < self.iterations):
            t0 = time.perf_counter()
            roll.t_env = roll.t_infer = 0.0
            roll.steps = 0
            specs = self.league.sample(s.exit_games)
            games = [self.iteration * s.exit_games + j for j in range(s.exit_games)]
            bases = roll.play([{'spec': sp, 'game': g, 'prefix': none, 'move': -1}
                               for sp, g in zip(specs, games)], trace=s.turns)
            score = 0.0
            for sp, b in zip(specs, bases):
                self.league.record(sp, b['result'] or 0.0)
                score += ((b['result'] or 0.0) + 1) / 2
            jobs, points = [], []
            for k, b in enumerate(bases):
                for t in exit_points(b, s.exit_points, self.rng, hindsight=s.exit_hindsight,
                                     window=s.exit_horizon or 50, turns=0 if s.exit_hindsight_area else s.turns):
                    greedy = int(b['action'][t])
                    stop = int(t) + s.exit_horizon if s.exit_horizon else 0
                    alts = [m for m in range(3) if m != greedy and b['allowed'][t, m]]
                    points.append((k, int(t), greedy, stop, len(jobs), alts))
                    prefix = b['action'][:t].astype(np.int64)
                    jobs.extend({'spec': specs[k], 'game': games[k], 'prefix': prefix, 'move': m, 'stop': stop}
                                for m in alts)
            outs = roll.play(jobs)
            rows = collections.defaultdict(list)
            gains = []
            for k, t, greedy, stop, at, alts in points:
                scores = {greedy: baseline_score(s, bases[k], t, stop)}
                for n, m in enumerate(alts):
                    scores[m] = outs[at + n]['score']
                adv = exit_advantages(greedy, scores)
                gains.append(max(0.0, float(adv.max())))
                o = outs[at]
                for c, x in enumerate(o['planes']):
                    rows[c].append(x)
                rows['scalars'].append(o['scalars'])
                rows['safe'].append(o['safe'])
                rows['penalty'].append(o['penalty'])
                rows['greedy'].append(greedy)
                rows['adv'].append(adv)
            tl = time.perf_counter()
            stats = {'policy_loss': 0.0, 'entropy': 0.0, 'agreement': 0.0}
            if points:
                towers = len(outs[points[0][4]]['planes'])
                buf.add([torch.from_numpy(np.stack(rows[c])) for c in range(towers)],
                        torch.from_numpy(np.stack(rows['scalars'])), torch.from_numpy(np.stack(rows['safe'])),
                        torch.tensor(rows['greedy'], dtype=torch.long), torch.from_numpy(np.stack(rows['adv'])),
                        torch.from_numpy(np.stack(rows['penalty'])))
                stats = self._exit_learn(buf, len(points))
            t_learn = time.perf_counter() - tl
            took = time.perf_counter() - t0
            self.iteration += 1
            self.steps += roll.steps
            self.seconds += took
            g = np.array(gains)
            self._exited = (len(points), len(jobs), float((g > 0).mean()) if len(g) else 0.0,
                            float(g.mean()) if len(g) else 0.0, stats.pop('agreement'), roll.t_infer / took)
            self._finish_iteration(dict(
                stats, value_loss=0.0, approx_kl=0.0, clip_frac=0.0, iteration=self.iteration, steps=self.steps,
                seconds=self.seconds, steps_per_second=roll.steps / took, env_share=roll.t_env / took,
                learn_share=t_learn / took, reward=float(g.mean()) if len(g) else 0.0, games=len(bases),
                win_rate=score / len(bases) if bases else -1.0), roll.t_infer / took)
        roll.close()
        for env in envs:
            env.close()
        self._say('paperio.train: stopped after %.1f minutes of training; the policy is %s' % (
            self.seconds / 60, os.path.join(self.out, 'policy.npz')))

    def _exit_learn(self, buf, new):
        """exit_loss over minibatches drawn from the buffer: exit_epochs
        times the new decision points' count of rows."""
        torch, s = self.torch, self.s
        sums = collections.Counter()
        k = max(1, int(round(s.exit_epochs * new / s.exit_batch)))
        for _ in range(k):
            P, S, M, G, A, R = buf.draw(s.exit_batch, self.rng)
            logits, _ = self.net(P, S)
            if self.penalized:  # the logits the player chooses by
                logits = logits - R
            logp_all = torch.log_softmax(masked(logits, M), 1)
            loss = exit_loss(torch, logits, G, A, s.exit_confirm)
            best = torch.where(A.max(1).values > 0, A.argmax(1), G)
            self.opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.net.parameters(), s.max_grad)
            self._step()
            with torch.no_grad():
                probs = logp_all.exp()
                plogp = torch.where(probs > 0, probs * logp_all, torch.zeros_like(logp_all))
                sums['policy_loss'] += float(loss)
                sums['entropy'] += float(-plogp.sum(1).mean())
                sums['agreement'] += float((logp_all.argmax(1) == best).float().mean())
        return {key: v / k for key, v in sums.items()}

    def _step(self):
        """The optimiser's step, with the scalars' input weights moved
        scalar_gain times as far: as if the scalars were scaled up by the
        gain (Adam's steps do not depend on a gradient's scale, so only the
        step can be), while the weights file keeps the plain network that
        the native player reads. The scalars are distances and areas over
        the board's span: one step is 0.005 of home_dist, and at Adam's
        3e-4 per update a weight would need thousands of updates to tell
        the few steps apart that decide when to turn for home."""
        gain = self.s.scalar_gain
        if gain == 1:
            self.opt.step()
            return
        cols = scalar_weights(self.net)
        before = [w.detach().clone() for w in cols]
        self.opt.step()
        with self.torch.no_grad():
            for w, b in zip(cols, before):
                w.copy_(b + gain * (w - b))

    def _advantages(self, vals, rews, dones):
        """GAE's advantages and the value targets of a rollout."""
        s = self.s
        T, n = rews.shape
        adv = self.torch.zeros((T, n))
        last = self.torch.zeros(n)
        for t in reversed(range(T)):
            live = 1 - dones[t]
            delta = rews[t] + s.gamma * vals[t + 1] * live - vals[t]
            last = delta + s.gamma * s.lam * live * last
            adv[t] = last
        return adv, adv + vals[:T]

    def _clone(self, aggregate, planes, scal, safe, vals, rews, dones, expert):
        """Behaviour cloning's update (DAgger): the rollout's labelled rows
        join the aggregate, and minibatches drawn from all of it learn the
        expert's moves (cross-entropy) and the value of the shaped reward;
        returns the mean losses."""
        torch, s = self.torch, self.s
        T, n = expert.shape
        N = T * n
        _, ret = self._advantages(vals, rews, dones)
        flat = lambda x: x.reshape((N,) + x.shape[2:])  # noqa: E731
        aggregate.add([flat(p) for p in planes], flat(scal), flat(safe), flat(expert), flat(ret))
        size = N // s.minibatches
        sums = collections.Counter()
        k = 0
        for _ in range(s.bc_epochs * s.minibatches):
            P, S, M, E, RET = aggregate.draw(size, self.rng)
            logits, v = self.net(P, S)
            logp_all = torch.log_softmax(masked(logits, M), 1)
            ok = allowed_label(E, M)
            ce = -logp_all[ok].gather(1, E[ok][:, None]).mean() if ok.any() else logp_all.sum() * 0
            v_loss = 0.5 * ((v - RET) ** 2).mean()
            loss = ce + s.vf * v_loss
            self.opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.net.parameters(), s.max_grad)
            self._step()
            with torch.no_grad():
                probs = logp_all.exp()
                sums['policy_loss'] += float(ce)
                sums['value_loss'] += float(v_loss)
                plogp = torch.where(probs > 0, probs * logp_all, torch.zeros_like(logp_all))
                sums['entropy'] += float(-plogp.sum(1).mean())
                sums['agreement'] += float((logp_all[ok].argmax(1) == E[ok]).float().mean()) if ok.any() else 0.0
            k += 1
        return {key: v / k for key, v in sums.items()}

    def _update(self, planes, scal, safe, acts, logps, vals, rews, dones, expert=None, reg=0.0):
        """PPO's update over the rollout, plus reg times the cross-entropy
        to the expert's moves when labelled; returns the mean losses."""
        torch, s = self.torch, self.s
        T, n = acts.shape
        adv, ret = self._advantages(vals, rews, dones)
        N = T * n
        flat = lambda x: x.reshape((N,) + x.shape[2:])  # noqa: E731
        P = [flat(p) for p in planes]
        S, M, A, L, ADV, RET = map(flat, (scal, safe, acts, logps, adv, ret))
        E = flat(expert) if expert is not None else None
        size = N // s.minibatches
        sums = collections.Counter()
        k = 0
        for _ in range(s.epochs):
            perm = torch.randperm(N)
            for b in range(s.minibatches):
                idx = perm[b * size:(b + 1) * size]
                logits, v = self.net([p[idx] for p in P], S[idx])
                logits = masked(logits / s.temperature, M[idx])
                logp_all = torch.log_softmax(logits, 1)
                logp = logp_all.gather(1, A[idx][:, None])[:, 0]
                probs = logp_all.exp()
                entropy = -(probs * torch.where(probs > 0, logp_all, torch.zeros_like(logp_all))).sum(1).mean()
                v_loss = 0.5 * ((v - RET[idx]) ** 2).mean()
                ratio = (logp - L[idx]).exp()
                a = ADV[idx]
                a = (a - a.mean()) / (a.std() + 1e-8)
                pg = torch.max(-a * ratio, -a * ratio.clamp(1 - s.clip, 1 + s.clip)).mean()
                loss = pg + s.vf * v_loss - s.ent * entropy
                if E is not None:
                    e = E[idx]
                    ok = allowed_label(e, M[idx])
                    if ok.any():
                        ce = -logp_all[ok].gather(1, e[ok][:, None]).mean()
                        loss = loss + reg * ce
                        sums['expert_ce'] += float(ce)
                if self.anchor is not None:
                    with torch.no_grad():
                        start, _ = self.anchor([p[idx] for p in P], S[idx])
                        start = torch.log_softmax(masked(start / s.temperature, M[idx]), 1)
                    q = start.exp()
                    kl = (q * torch.where(q > 0, start - logp_all, torch.zeros_like(start))).sum(1).mean()
                    loss = loss + s.anchor * kl
                    sums['anchor_kl'] += float(kl)
                self.opt.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(self.net.parameters(), s.max_grad)
                self._step()
                with torch.no_grad():
                    sums['policy_loss'] += float(pg)
                    sums['value_loss'] += float(v_loss)
                    sums['entropy'] += float(entropy)
                    sums['approx_kl'] += float(((ratio - 1) - (logp - L[idx])).mean())
                    sums['clip_frac'] += float(((ratio - 1).abs() > s.clip).float().mean())
                k += 1
        return {key: v / k for key, v in sums.items()}

    def _finish_iteration(self, row, infer_share):
        """Snapshots, state, log rows and the progress line of an
        iteration."""
        snap = self.iteration % self.s.snapshot_every == 0
        if snap:
            self.snapshot = 'it%04d' % self.iteration
            path = os.path.join(self.out, self.snapshot + '.npz')
            self.net.meta['name'] = 'paperio.train %s seed %d iteration %d' % (self.out, self.seed, self.iteration)
            policy.save(self.net, path)
            self.league.add_snapshot('policy:' + path)
        policy.save(self.net, os.path.join(self.out, 'policy.npz'))
        self._save_state()
        base = {'iteration': self.iteration, 'steps': self.steps, 'seconds': self.seconds, 'player': self.snapshot}
        matchups = self.league.rows(base)
        log_append(self.out, 'iterations.parquet', [row])
        log_append(self.out, 'matchups.parquet', matchups)
        ladder = log_ladder(self.out, self.iteration, self.seconds) if snap else None
        line = 'it %d  %s steps  %s  %s steps/s (env %d %%, infer %d %%, learn %d %%)  entropy %.2f  games %d' % (
            self.iteration, format(self.steps, ','), clock(self.seconds), format(int(row['steps_per_second']), ','),
            100 * row['env_share'], 100 * infer_share, 100 * row['learn_share'], row['entropy'], row['games'])
        if row['games']:
            line += ' won %.0f %%' % (100 * row['win_rate'])
        line += '  ' + '  '.join('%s %.0f%%' % (short(m['opponent']), 100 * m['win_rate'])
                                 for m in matchups if m['window'])
        if ladder:
            me = [r for r in ladder if r['player'] == self.snapshot]
            if me:
                line += '  elo %s %+.0f' % (self.snapshot, me[0]['elo'])
        if getattr(self, '_cloning', None):
            beta, agree = self._cloning
            line += '  (cloning %s: cross-entropy %.3f, agreement %.1f %%, expert plays %.0f %% of games)' % (
                self.s.bc_expert, row['policy_loss'], 100 * agree, 100 * beta)
            self._cloning = None
        if getattr(self, '_regularised', None):
            line += '  (cross-entropy to %s %.3f, weight %.2f)' % (self.s.bc_expert, self._regularised[1],
                                                                  self._regularised[0])
            self._regularised = None
        if getattr(self, '_exited', None):
            pts, jobs, better, gain, agree, _ = self._exited
            line += '  (play-outs: %d points, %d moves tried, %.0f %% improved, mean gain %.3f; agreement %.1f %%)' % (
                pts, jobs, 100 * better, gain, 100 * agree)
            self._exited = None
        if getattr(self, '_anchored', None) is not None:
            line += '  (KL from the start %.4f, weight %g)' % (self._anchored, self.s.anchor)
            self._anchored = None
        self._say(line)

    def _save_state(self):
        st = {'settings': self.s.dict(), 'meta': self.net.meta, 'model': self.net.state_dict(),
              'opt': self.opt.state_dict(), 'iteration': self.iteration, 'steps': self.steps,
              'seconds': self.seconds, 'snapshot': self.snapshot, 'league': self.league.state(),
              'bc_left': self.bc_left, 'reg_left': self.reg_left,
              'anchor': self.anchor.state_dict() if self.anchor is not None else None}
        tmp = self.state_path + '.tmp%d' % os.getpid()
        self.torch.save(st, tmp)
        with open(tmp, 'rb') as f:
            os.fsync(f.fileno())
        os.replace(tmp, self.state_path)


class Rollouts:
    """Games played greedily by the learner in the environments of one or
    more VectorEnvs (lanes), each a job: a game number and opponent, a known
    prefix of the learner's moves (replayed in Go without the network), an
    optional move played instead of the greedy one right after the prefix
    (the deviation), and an optional stop after that many moves in all (the
    horizon). Since the greedy network and the opponents are deterministic,
    a game is a function of its number and the learner's moves: a job that
    replays a baseline's prefix and deviates at t measures exactly what the
    deviation gains under the current policy, in whichever lane it plays.

    With two lanes the two cores work at once: while one lane's games step
    in Go on a thread of their own (ctypes lets go of the GIL), the network
    chooses the other lane's moves (torch does too). t_env is the time the
    network waited for the environments, t_infer its own."""

    def __init__(self, trainer, env):
        self.t = trainer
        self.envs = list(env) if isinstance(env, (list, tuple)) else [env]
        self.t_env = self.t_infer = 0.0
        self.steps = 0
        self._pool = None

    def close(self):
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None

    def play(self, jobs, trace=0):
        """Plays jobs (dicts: spec, game, prefix (int64 array), move (-1 for
        none), stop (0 for none)); returns one dict per job: score (the
        outcome score, exit_score), result (+1, 0, -1; None when stopped),
        moves, and with a deviation the observation where it was made
        (planes, scalars, safe, penalty: what the policy subtracts from
        each move's logit).
        trace > 0 also records each move's action, greedy probability,
        allowed moves, the moves the way's cells alone forbid and territory
        difference (arrays of trace entries)."""
        out = [None] * len(jobs)
        lanes = [_Lane(env) for env in self.envs]
        for k, lane in enumerate(lanes):  # every lane its share, so that both have games to step
            lane.queue = list(reversed(range(k, len(jobs), len(lanes))))
        tr = None
        if trace:
            n = len(jobs)
            tr = {'action': np.full((n, trace), -1, np.int8), 'p': np.zeros((n, trace), np.float32),
                  'allowed': np.zeros((n, trace, 3), bool), 'reach': np.zeros((n, trace, 3), bool),
                  'toward': np.zeros((n, trace, 3), bool),
                  'diff': np.zeros((n, trace), np.float32)}
        if len(lanes) > 1 and self._pool is None:
            import concurrent.futures
            self._pool = concurrent.futures.ThreadPoolExecutor(1)
        while True:
            busy = False
            for lane in lanes:
                if lane.step is not None:
                    te = time.perf_counter()
                    stepped = lane.step.result()
                    self.t_env += time.perf_counter() - te
                    lane.step = None
                    self._ended(lane, stepped, out, tr)
                te = time.perf_counter()
                self._fill(lane, jobs, out)
                self.t_env += time.perf_counter() - te
                live = np.flatnonzero(lane.slot >= 0)
                if not len(live):
                    continue
                busy = True
                a = self._choose(lane, live, tr)
                if self._pool is None:
                    te = time.perf_counter()
                    self._ended(lane, (live, lane.env.step_some(live, a)), out, tr)
                    self.t_env += time.perf_counter() - te
                else:
                    lane.step = self._pool.submit(lambda e, i, x: (i, e.step_some(i, x)), lane.env, live, a)
            if not busy and all(lane.step is None for lane in lanes):
                break
        if trace:
            for j, o in enumerate(out):
                o.update({k: v[j, :o['moves']] for k, v in tr.items()})
        return out

    def _fill(self, lane, jobs, out):
        """Starts the lane's queued jobs in its free environments."""
        env = lane.env
        for i in np.flatnonzero(lane.slot < 0):
            if not lane.queue:
                break
            j = lane.queue.pop()
            job = jobs[j]
            env.set_opponent(int(i), job['spec'])
            env.start(int(i), job['game'])
            if len(job['prefix']):
                env.replay(int(i), job['prefix'])
            lane.slot[i], lane.moves[i] = j, len(job['prefix'])
            lane.dev_at[i], lane.dev_move[i] = (lane.moves[i], job['move']) if job['move'] >= 0 else (-1, -1)
            lane.stop[i] = job.get('stop', 0)
            out[j] = {'moves': 0, 'result': None, 'score': 0.0}
            if job['move'] >= 0:
                obs, info = env._obs, env._infos()
                out[j]['planes'] = [x[i].copy() for x in tower_planes(obs)]
                out[j]['scalars'] = obs['scalars'][i].copy()
                out[j]['safe'] = self._safe(obs, info, [i])[0]
                pen = self.t.penalty(info, [i])
                out[j]['penalty'] = pen[0].numpy() if pen is not None else np.zeros(3, np.float32)

    def _choose(self, lane, live, tr):
        """The moves of the lane's live games: the network's greedy move, or
        the deviation where it is due; recorded in the trace."""
        torch = self.t.torch
        ti = time.perf_counter()
        obs, info = lane.env._obs, lane.env._infos()
        safe = self._safe(obs, info, live)
        with torch.inference_mode():
            logits, _ = self.t.net([torch.from_numpy(x[live]) for x in tower_planes(obs)],
                                   torch.from_numpy(obs['scalars'][live]))
            pen = self.t.penalty(info, live)
            if pen is not None:
                logits = logits - pen
            p = torch.softmax(masked(logits, torch.from_numpy(safe)), 1)
            pmax, greedy = p.max(1)
        a = greedy.numpy().astype(np.int64)
        dev = lane.dev_at[live] == lane.moves[live]
        a[dev] = lane.dev_move[live][dev]
        if tr is not None:
            j, k = lane.slot[live], lane.moves[live]
            rec = k < tr['action'].shape[1]
            tr['action'][j[rec], k[rec]] = a[rec]
            tr['p'][j[rec], k[rec]] = pmax.numpy()[rec]
            tr['allowed'][j[rec], k[rec]] = safe[rec]
            if 'reach' in info:
                tr['reach'][j[rec], k[rec]] = info['reach'][live][rec]
                tr['toward'][j[rec], k[rec]] = info['toward'][live][rec]
        self.t_infer += time.perf_counter() - ti
        return a

    def _ended(self, lane, stepped, out, tr):
        """Takes in a step of the lane's live games: moves counted, the
        territory difference traced, the games that ended or reached their
        horizon scored and their environments freed."""
        live, (obs, reward, term, _, info) = stepped
        s = self.t.s
        self.steps += len(live)
        lane.moves[live] += 1
        final = np.where(term[live, None], info['final_obs']['scalars'][live], obs['scalars'][live])
        diff = final[:, OWN_AREA] - final[:, ENEMY_AREA]
        if tr is not None:
            k = lane.moves[live] - 1
            rec = k < tr['action'].shape[1]
            tr['diff'][lane.slot[live][rec], k[rec]] = diff[rec]
        stop = lane.stop[live]
        done = term[live] | ((stop > 0) & (lane.moves[live] >= stop))
        for r in np.flatnonzero(done):
            i = live[r]
            o = out[lane.slot[i]]
            o['moves'] = int(lane.moves[i])
            if term[i]:
                o['result'] = float(reward[i])
            o['score'] = exit_score(s, o['result'], float(diff[r]))
            lane.slot[i] = -1

    def _safe(self, obs, info, rows):
        if self.t.s.guard:
            return info['guard'][rows].copy()
        return policy.safe_moves(self.t.net.meta, [obs['planes'][rows]], None)


class _Lane:
    """The games of one VectorEnv in Rollouts.play: which job each
    environment plays (-1: free), its moves so far, its deviation and its
    horizon, its queue of jobs and the step in flight."""

    def __init__(self, env):
        n = env.num_envs
        self.env = env
        self.slot = np.full(n, -1)
        self.moves = np.zeros(n, np.int64)
        self.dev_at = np.full(n, -1)
        self.dev_move = np.full(n, -1)
        self.stop = np.zeros(n, np.int64)
        self.queue = []
        self.step = None


def exit_score(s, result, diff):
    """The outcome score of a game (or of its first moves, when stopped at
    the horizon: result None): exit_win for a win, minus for a loss, plus
    the territory difference (own - enemy, shares of the board) times
    exit_area."""
    return (s.exit_win * result if result else 0.0) + s.exit_area * diff


def exit_points(base, k, rng, uniform=0.5, hindsight=0.0, window=50, turns=0):
    """Up to k decision points of a baseline game (dict with 'allowed' and
    'p' per move, and 'result'): moves where the mask allowed more than one
    move, drawn without replacement, with weights half uniform and half the
    network's doubt (1 - its greedy move's probability). In a lost game,
    hindsight of the weight goes, evenly, to the candidates among its last
    window moves: the moves that led to the loss, whose play-outs (of
    window moves, the horizon) all see it. Drawn in proportion to the
    game's length instead, a loss late in a long game (a band cut after
    2,000 half-steps) is seldom among the points, and the rare mistake
    that loses a won game is never learned. A game of turns moves or
    more (0: no such bound) was lost on area at the last round, which its
    last moves decide little: it gets none, and its points stay spread
    over the game that lost the area."""
    n = len(base['p'])
    cand = np.flatnonzero(base['allowed'][:n].sum(1) >= 2)
    if not len(cand):
        return cand
    doubt = 1 - base['p'][cand].astype(np.float64)
    w = uniform / len(cand) + (1 - uniform) * (doubt / doubt.sum() if doubt.sum() > 0 else 1.0 / len(cand))
    late = cand >= n - window
    cut = not turns or n < turns
    if hindsight > 0 and cut and (base.get('result') or 0) < 0 and late.any():
        w = (1 - hindsight) * w + hindsight * late / late.sum()
    w /= w.sum()
    return np.sort(rng.choice(cand, size=min(k, len(cand)), replace=False, p=w))


def baseline_score(s, base, t, stop):
    """The baseline's score where a deviation at move t stops: at the end
    of the game, or after move stop - 1 when the horizon comes first."""
    n = len(base['action'])
    if stop and stop < n:
        return exit_score(s, None, float(base['diff'][stop - 1]))
    return base['score']


def exit_advantages(greedy, scores):
    """What each move gains over the greedy one at a decision point (scores:
    {move: score}, the greedy move's among them): a (3,) array, 0 for the
    greedy move and for the moves not played out."""
    adv = np.zeros(3, np.float32)
    for m, v in scores.items():
        adv[m] = v - scores[greedy]
    return adv


def exit_loss(torch, logits, greedy, adv, confirm):
    """The loss of a minibatch of decision points: for each move played out
    against the greedy one, the logistic loss of preferring the better of
    the two (the difference of their logits), weighted by how much better
    it is; plus confirm times the cross-entropy of the greedy move where no
    move beat it. A move better by a in some states and worse by b in
    others of the same look settles at preferring it exactly when its mean
    gain is positive: the best of two or three play-outs taken as a label
    would rather learn their noise (a greedy move beaten by chance in most
    states where its rivals' outcomes scatter)."""
    d = logits - logits.gather(1, greedy[:, None])
    pair = (adv.abs() * torch.nn.functional.softplus(-torch.sign(adv) * d)).sum(1)
    held = (adv <= 0).all(1).float()
    ce = -torch.log_softmax(logits, 1).gather(1, greedy[:, None])[:, 0]
    return (pair + confirm * held * ce).mean()


def scalar_weights(net):
    """The views of the first layers' weights that the scalars feed (the
    last 24 inputs); none without scalars."""
    if not net.meta['scalars']:
        return []
    first = [net.fc[0]] if len(net.fc) else [net.pi] + ([net.v] if net.v is not None else [])
    return [layer.weight[:, -policy.N_SCALARS:] for layer in first]


def allowed_label(expert, safe):
    """The rows whose expert move is there (not -1) and not masked: a move
    the mask forbids (the exposure mask may forbid the expert's) has no
    probability to raise."""
    ok = expert >= 0
    allowed = safe.gather(1, expert.clamp(min=0)[:, None])[:, 0] | ~safe.any(1)
    return ok & allowed


def dagger_actions(greedy, expert, driver):
    """The moves played while cloning: the expert's own in the games it
    drives (driver True, where it gave an answer), the learner's greedy
    move elsewhere: DAgger's mixture, whose learner part visits the states
    that the native (greedy) player will meet."""
    return greedy.where(~driver | (expert < 0), expert)


class Aggregate:
    """DAgger's aggregate: the latest capacity labelled rows (a ring), from
    which cloning draws its minibatches. Rows are the observation's uint8
    planes, its scalars, safe moves, the expert's move and the value target
    (about 3 KB a row with crop11+global15). Not saved with the state: a
    resumed cloning starts a new aggregate."""

    def __init__(self, capacity):
        self.capacity, self.size, self.next = int(capacity), 0, 0
        self.cols = None

    def add(self, planes, *cols):
        """Adds rows: the planes of each tower, then the other columns
        (scalars, safe, expert, value target for cloning; the play-outs add
        their own)."""
        import torch
        rows = list(planes) + list(cols)
        if self.cols is None:
            self.cols = [torch.zeros((self.capacity,) + r.shape[1:], dtype=r.dtype) for r in rows]
            self.planes = len(planes)
        m = rows[0].shape[0]
        at = (self.next + torch.arange(m)) % self.capacity
        for c, r in zip(self.cols, rows):
            c[at] = r
        self.next = (self.next + m) % self.capacity
        self.size = min(self.capacity, self.size + m)

    def draw(self, k, rng):
        """k rows drawn uniformly with replacement: (planes, then the
        columns in the order added)."""
        import torch
        idx = torch.from_numpy(rng.integers(0, self.size, size=k))
        rows = [c[idx] for c in self.cols]
        return (rows[:self.planes],) + tuple(rows[self.planes:])


def tower_planes(obs):
    """The planes of each tower of an observation: the crop's (or the full
    board's), then the global map's when the view has one."""
    return [obs['planes']] + ([obs['global']] if 'global' in obs else [])


def masked(logits, safe):
    """Logits with the moves that lose at once masked out (when another move
    is safe), as the native player masks them."""
    some = safe.any(1, keepdim=True)
    return logits.masked_fill(~safe & some, -1e9)


def short(spec):
    if spec.startswith('policy:'):
        return os.path.splitext(os.path.basename(spec))[0]
    return spec


def clock(seconds):
    m, s = divmod(int(seconds), 60)
    return '%dm%02ds' % (m, s)


def parse_league(spec):
    members = [m.strip() for m in spec.split(',') if m.strip()]
    if not members:
        raise _lib.Error('--league %r: want a comma-separated list of bot specs (and self)' % spec)
    if len(set(members)) != len(members):
        raise _lib.Error('--league %r: a member is named twice' % spec)
    fixed = [m for m in members if m != SELF]
    if not fixed:
        raise _lib.Error('--league %r: want at least one bot besides self' % spec)
    for m in fixed:  # a bad spec is refused now, not when its first game starts
        try:
            VectorEnv(1, opponent=m).close()
        except _lib.Error as e:
            raise _lib.Error('--league member %r: %s' % (m, e)) from None
    return members


def main(argv=None):
    ap = argparse.ArgumentParser(prog='python3 -m paperio.train', description=__doc__.split('\n\n')[0])
    ap.add_argument('out', metavar='OUT', help='folder of the run: checkpoints, state and log (resumed when it has a state)')
    ap.add_argument('--minutes', type=float, default=60.0, help='total training time, over resumed runs (default 60)')
    ap.add_argument('--iterations', type=int, default=None, metavar='N',
                    help='stop after N iterations of this run (or --minutes, whichever comes first), e.g. '
                         '--init bc --iterations N for a clone alone')
    ap.add_argument('--seed', type=int, default=0, help='seed of the network, the games and the league draws')
    ap.add_argument('--init', default='scratch',
                    help='scratch (default), bc (%d iterations cloning %s first) or a weights file to start from'
                         % (Settings.bc_iterations, Settings.bc_expert))
    ap.add_argument('--league', default=DEFAULT_LEAGUE,
                    help='league members: bot specs and self (past snapshots), comma-separated (default %s)'
                         % DEFAULT_LEAGUE)
    ap.add_argument('--envs', type=int, default=Settings.envs, help='games stepped together (default %(default)s)')
    ap.add_argument('--steps', type=int, default=Settings.steps,
                    help='steps per game and iteration (default %(default)s)')
    ap.add_argument('--hidden', default=','.join(map(str, Settings.hidden)),
                    help='sizes of the hidden layers of a new network (default %(default)s)')
    ap.add_argument('--view', default=Settings.view,
                    help="the observation of a new network: cropK or cropK+globalG (default %(default)s)")
    ap.add_argument('--bc-iterations', type=int, default=Settings.bc_iterations,
                    help='iterations of cloning heuristic with --init bc (default %(default)s)')
    ap.add_argument('--bc-reg', type=float, default=Settings.bc_reg,
                    help="weight of the cross-entropy to heuristic's moves in PPO's loss, at first "
                         '(default %(default)s)')
    ap.add_argument('--bc-reg-iterations', type=int, default=Settings.bc_reg_iterations,
                    help='PPO iterations over which --bc-reg falls to 0 (default %(default)s)')
    ap.add_argument('--league-floor', default=Settings.league_floor,
                    help='MEMBER:SHARE,...: least shares of the games for league members, e.g. heuristic:0.3')
    ap.add_argument('--mask', choices=('losing', 'exposure'), default='losing',
                    help='the moves masked: those that lose at once (default), or also those after which the '
                         "enemy can reach the band before the head is home (the exposure mask, docs/POLICY.md)")
    ap.add_argument('--mask-margin', type=int, default=Settings.guard_margin,
                    help='with --mask exposure: the moves in hand the mask asks for between the enemy reaching '
                         'the band and the head getting home (default %(default)s; the policy\'s exposure_margin)')
    ap.add_argument('--mask-way', action='store_true',
                    help='with --mask exposure: the mask measures the way home as it is, round the own band, and '
                         'counts its cells as band, so the enemy must be out of reach of them too (the policy\'s '
                         'exposure_way)')
    ap.add_argument('--mask-way-soft', type=float, nargs='?', const=0.0, default=None, metavar='B',
                    help='with --mask-way: the way\'s cells do not forbid moves, only the way\'s length counts; '
                         'with B above 0 (--algo exit), the logits of the moves they alone forbid are lowered by B '
                         'in the play and the learning (the policy\'s exposure_way_soft, 0 without B; '
                         'docs/POLICY.md)')
    ap.add_argument('--mask-way-toward', type=float, default=None, metavar='G',
                    help='with --mask-way-soft B: the logits of the moves whose way home the enemy heads for (its '
                         'next move straight on nears the way) are lowered by G instead of B, in the play and the '
                         "learning (the policy's exposure_way_toward; docs/POLICY.md)")
    ap.add_argument('--exposure', type=float, default=Settings.exposure,
                    help='reward per step with the band exposed, as a penalty (default %(default)s; with --mask '
                         'exposure the mask keeps the band safe, and the penalty teaches staying home)')
    ap.add_argument('--anchor', type=float, default=Settings.anchor,
                    help="weight of the KL divergence from the network PPO starts from (the clone after --init bc, "
                         'or the --init file) to the policy, in PPO\'s loss (default %(default)s: none)')
    ap.add_argument('--temperature', type=float, default=Settings.temperature,
                    help="PPO's sampling temperature over the logits: below 1 the rollouts are nearer the greedy "
                         'play of the native player (default %(default)s)')
    ap.add_argument('--scalar-gain', type=float, default=Settings.scalar_gain,
                    help="learning rate of the scalars' input weights over the others' (default %(default)s)")
    ap.add_argument('--algo', choices=('ppo', 'exit'), default=Settings.algo,
                    help='ppo (default), or exit: policy iteration by play-outs of the greedy network, each '
                         'decision point replayed with every other allowed move (Trainer._run_exit)')
    ap.add_argument('--exit-games', type=int, default=Settings.exit_games,
                    help='exit: baseline games per iteration (default %(default)s)')
    ap.add_argument('--exit-points', type=int, default=Settings.exit_points,
                    help='exit: decision points per baseline game (default %(default)s)')
    ap.add_argument('--exit-envs', type=int, default=Settings.exit_envs,
                    help='exit: environments stepping the play-outs together (default %(default)s)')
    ap.add_argument('--exit-lanes', type=int, default=Settings.exit_lanes,
                    help='exit: VectorEnvs the environments are split into; with 2, one steps in Go while the '
                         "network chooses the other's moves, so both cores work (default %(default)s)")
    ap.add_argument('--exit-horizon', type=int, default=Settings.exit_horizon,
                    help="exit: moves a play-out goes on after its deviation, 0 to the game's end (default "
                         '%(default)s)')
    ap.add_argument('--exit-lr', type=float, default=Settings.exit_lr,
                    help="exit: Adam's step size (default %(default)s)")
    ap.add_argument('--exit-confirm', type=float, default=Settings.exit_confirm,
                    help="exit: weight of the greedy move's cross-entropy where no move played out beat it "
                         '(default %(default)s)')
    ap.add_argument('--exit-hindsight', type=float, default=Settings.exit_hindsight, metavar='H',
                    help="exit: share of a lost game's decision points drawn from its last moves (the horizon's "
                         'worth), which led to the loss (default %(default)s)')
    ap.add_argument('--exit-hindsight-area', action='store_true',
                    help='exit: a loss on area at the last round gets hindsight too (by default only a loss '
                         'before it, whose last moves decide it)')
    ap.add_argument('--threads', type=int, default=1,
                    help="torch's threads (default 1: on a shared machine one thread does more per CPU second)")
    ap.add_argument('--quiet', action='store_true', help='no progress lines')
    a = ap.parse_args(argv)
    try:
        if a.minutes <= 0:
            raise _lib.Error('--minutes %g: want a positive number of minutes' % a.minutes)
        if a.envs < 1 or a.steps < 2:
            raise _lib.Error('--envs %d --steps %d: want at least 1 game and 2 steps' % (a.envs, a.steps))
        try:
            hidden = tuple(int(x) for x in a.hidden.split(','))
        except ValueError:
            hidden = ()
        if not hidden or min(hidden) < 1:
            raise _lib.Error('--hidden %r: want layer sizes, e.g. 256,128' % a.hidden)
        if a.bc_iterations < 1:
            raise _lib.Error('--bc-iterations %d: want at least 1' % a.bc_iterations)
        try:
            for v in policy.tower_views(a.view):
                policy.view_shape(v)
        except policy.Error as e:
            raise _lib.Error('--view %s: %s' % (a.view, e)) from None
        if a.bc_reg < 0 or a.bc_reg_iterations < 1:
            raise _lib.Error('--bc-reg %g --bc-reg-iterations %d: want a weight of at least 0 over at least 1 '
                             'iteration' % (a.bc_reg, a.bc_reg_iterations))
        floor = parse_floor(a.league_floor)
        unknown = set(floor) - set(m.strip() for m in a.league.split(','))
        if unknown:
            raise _lib.Error('--league-floor: %s not in the league' % ', '.join(sorted(unknown)))
        if a.mask_margin < 1:
            raise _lib.Error('--mask-margin %d: want at least 1 move in hand' % a.mask_margin)
        if a.mask_margin != 1 and a.mask != 'exposure':
            raise _lib.Error('--mask-margin %d: the margin is the exposure mask\'s; add --mask exposure'
                             % a.mask_margin)
        if a.mask_way and a.mask != 'exposure':
            raise _lib.Error('--mask-way: the way home is the exposure mask\'s; add --mask exposure')
        if a.mask_way_soft is not None and not a.mask_way:
            raise _lib.Error('--mask-way-soft: the way\'s cells are --mask-way\'s; add --mask-way')
        if a.mask_way_soft is not None and not a.mask_way_soft >= 0:
            raise _lib.Error('--mask-way-soft %g: want a penalty of at least 0' % a.mask_way_soft)
        if a.mask_way_soft and a.algo != 'exit':
            raise _lib.Error('--mask-way-soft %g: a penalty is learned by the play-outs; add --algo exit'
                             % a.mask_way_soft)
        if a.mask_way_toward is not None and a.mask_way_soft is None:
            raise _lib.Error('--mask-way-toward: the moves toward the enemy are some of those --mask-way-soft '
                             'lowers; add --mask-way-soft')
        if a.mask_way_toward is not None and not a.mask_way_toward >= 0:
            raise _lib.Error('--mask-way-toward %g: want a penalty of at least 0' % a.mask_way_toward)
        if a.mask_way_toward and a.algo != 'exit':
            raise _lib.Error('--mask-way-toward %g: a penalty is learned by the play-outs; add --algo exit'
                             % a.mask_way_toward)
        if a.exposure < 0:
            raise _lib.Error('--exposure %g: want a penalty of at least 0' % a.exposure)
        if a.anchor < 0:
            raise _lib.Error('--anchor %g: want a weight of at least 0' % a.anchor)
        if not a.temperature > 0:
            raise _lib.Error('--temperature %g: want a positive number' % a.temperature)
        if not a.scalar_gain > 0:
            raise _lib.Error('--scalar-gain %g: want a positive number' % a.scalar_gain)
        if not a.exit_lr > 0 or a.exit_confirm < 0:
            raise _lib.Error('--exit-lr %g --exit-confirm %g: want a positive step size and a weight of at least 0'
                             % (a.exit_lr, a.exit_confirm))
        if not 0 <= a.exit_hindsight <= 1:
            raise _lib.Error('--exit-hindsight %g: want a share from 0 to 1' % a.exit_hindsight)
        if a.exit_lanes < 1:
            raise _lib.Error('--exit-lanes %d: want at least 1' % a.exit_lanes)
        if min(a.exit_games, a.exit_points, a.exit_envs) < 1 or a.exit_horizon < 0:
            raise _lib.Error('--exit-games %d --exit-points %d --exit-envs %d --exit-horizon %d: want at least 1 '
                             'game, point and environment and a horizon of at least 0' % (
                                 a.exit_games, a.exit_points, a.exit_envs, a.exit_horizon))
        settings = Settings(envs=a.envs, steps=a.steps, hidden=hidden, view=a.view, bc_iterations=a.bc_iterations,
                            scalar_gain=a.scalar_gain, bc_reg=a.bc_reg, bc_reg_iterations=a.bc_reg_iterations,
                            league_floor=a.league_floor, guard=a.mask == 'exposure', temperature=a.temperature,
                            guard_margin=a.mask_margin, guard_way=a.mask_way,
                            guard_way_soft=a.mask_way_soft is not None, way_soft=a.mask_way_soft or 0.0,
                            way_toward=a.mask_way_toward or 0.0,
                            anchor=a.anchor, exposure=a.exposure, algo=a.algo, exit_games=a.exit_games,
                            exit_points=a.exit_points, exit_envs=a.exit_envs, exit_horizon=a.exit_horizon,
                            exit_lanes=a.exit_lanes,
                            exit_lr=a.exit_lr, exit_confirm=a.exit_confirm, exit_hindsight=a.exit_hindsight,
                            exit_hindsight_area=a.exit_hindsight_area,
                            minibatches=max(1, min(a.envs * a.steps, -(-a.envs * a.steps // 2048))))
        if a.iterations is not None and a.iterations < 1:
            raise _lib.Error('--iterations %d: want at least 1' % a.iterations)
        Trainer(a.out, seed=a.seed, init=a.init, league=a.league, minutes=a.minutes, settings=settings,
                progress=None if a.quiet else sys.stderr, threads=a.threads, iterations=a.iterations).run()
    except (_lib.Error, policy.Error) as e:
        print('paperio.train: %s' % e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print('paperio.train: interrupted; run the same command again to go on', file=sys.stderr)
        return 130
    return 0


if __name__ == '__main__':
    sys.exit(main())
