"""Training a paper.io policy by playing: python3 -m paperio.train OUT.

OUT holds everything: policy.npz (the latest policy, a weights file of
docs/POLICY.md that `paperio play --p1 policy:OUT/policy.npz` plays
natively), itNNNN.npz snapshots (the Elo ladder's checkpoints and the
league's past selves), state.pt (the learner, its optimiser and the
league's records: the same command again goes on from there, until
--minutes in all) and log/ (Parquet tables of package trainlog;
`paperio plot training --data OUT` draws them).

The default recipe, search, trains the clone in OUT/clone and the
play-outs in OUT/exit, then the search in the loop in OUT: bests/ (the
admitted weights), games/ (the replay buffer) and results.json besides.

The modules: settings (the hyperparameters, from which the flags are
made), recipes (the named recipes: search, best, clone, single), trainer (one run
in a folder: state, snapshots, log), rollouts (the games of the clone and
of PPO), bc (DAgger toward an expert), ppo (PPO and its shaped reward),
exit and playouts (expert iteration through the greedy network's own
play-outs), search_loop (expert iteration through the search guided by
the network: netsearch self-play, a replay buffer, a gate), league (the opponents and PFSP), log (the log and the
progress line), cli (the command). docs/TRAINING-LOG.md has the results
and the commands that reproduce them.
"""

from .bc import Aggregate, allowed_label, dagger_actions
from .cli import main
from .common import (BAND_TO_ENEMY, ENEMY_AREA, HOME_DIST, OWN_AREA, keep_heap, masked, scalar_weights,
                     tower_planes)
from .exit import baseline_score, exit_advantages, exit_loss, exit_points, exit_score
from .league import DEFAULT_LEAGUE, SELF, League, floored, parse_floor, parse_league, wilson
from .log import clock, log_append, log_ladder, read_log, short
from .playouts import Rollouts
from .ppo import shaped_reward
from .recipes import RECIPES
from .settings import Settings
from .trainer import Trainer

__all__ = ['Aggregate', 'allowed_label', 'dagger_actions', 'main', 'BAND_TO_ENEMY', 'ENEMY_AREA', 'HOME_DIST',
           'OWN_AREA', 'keep_heap', 'masked', 'scalar_weights', 'tower_planes', 'baseline_score', 'exit_advantages',
           'exit_loss', 'exit_points', 'exit_score', 'DEFAULT_LEAGUE', 'SELF', 'League', 'floored', 'parse_floor',
           'parse_league', 'wilson', 'clock', 'log_append', 'log_ladder', 'read_log', 'short', 'Rollouts',
           'shaped_reward', 'RECIPES', 'Settings', 'Trainer']
