"""A batched paper.io environment with Gymnasium's vector API."""

import os

import numpy as np

from . import _lib
from .spaces import Discrete, MultiDiscrete, observation_space

# The actions by index.
LEFT, STRAIGHT, RIGHT = 0, 1, 2


def parse_view(view):
    """'full' → (0, 0), 'crop11' → (11, 0), 'crop11+global15' → (11, 15): the
    crop and global sizes the library takes."""
    if view == 'full':
        return 0, 0
    if isinstance(view, str):
        crop, _, glob = view.partition('+')
        if crop.startswith('crop') and crop[4:].isdigit() and (
                not glob or (glob.startswith('global') and glob[6:].isdigit())):
            return int(crop[4:]), int(glob[6:]) if glob else 0
    raise _lib.Error("view %r: want 'full', 'cropK' with K odd, e.g. 'crop11', or 'cropK+globalG', e.g. "
                     "'crop11+global15'" % (view,))


def _split(buf, planes, glob):
    """The planes and global arrays of a buffer of whole observations
    (num_envs, size): views of it, not copies."""
    n = buf.shape[0]
    k = int(np.prod(planes))
    out = {'planes': buf[:, :k].reshape((n,) + planes)}
    if glob:
        out['global'] = buf[:, k:].reshape((n,) + glob)
    return out


class VectorEnv(_lib.Handle):
    """num_envs games of paper.io stepped together, against a built-in bot or
    in self-play, following Gymnasium's vector API.

    reward[i] belongs to the player who just moved in environment i: its
    game's result (1 won, -1 lost, 0 drawn) in the step that ends the game,
    else 0. info['player'][i] (1 or 2) is the player who moves next, whose
    view obs[i] is; info['half_steps'][i] counts the moves (both players')
    of the game obs[i] shows. In self-play (opponent=None) the next mover
    is not the one who moved, so keep the mover before each step (a copy:
    the arrays are refilled in place):

        mover = info['player'].copy()
        obs, reward, terminated, truncated, info = env.step(act(obs))  # reward[i] is mover[i]'s

    Against a bot:

        env = paperio.VectorEnv(256, opponent='random', view='crop11')
        obs, info = env.reset(seed=1)
        obs, reward, terminated, truncated, info = env.step(actions)

    obs is {'planes': uint8 (num_envs, C, H, W), 'scalars': float32
    (num_envs, 24)} as docs/OBSERVATION.md specifies; actions are integers 0 (turn
    left), 1 (straight), 2 (turn right), one per game. A view 'cropK+globalG'
    adds obs['global'], uint8 (num_envs, 9, G, G): a coarse map of the whole
    board around the head.

    opponent is a bot spec ('random', 'goround', 'heuristic:margin=2', …),
    whose moves are made inside the library between the agent's; None is
    self-play: the agent moves both players, each observation is the
    mover's, and info['player'] says who that is. player is the agent's side
    against a bot: 1 (moves first), 2, or 0 to alternate by game.

    Every game ends by the rules (terminated); truncated is always False.
    In the step that ends a game, info says how it ended: info['winner']
    (int8: 1 or 2, 0 a draw), info['reason'] (int8: the course's result
    code, named by paperio.REASONS: 0 WAL … -3 END) and info['area1'],
    info['area2'] (int32: both players' final territories); info['_winner']
    (and '_reason', '_area1', '_area2') is True there, Gymnasium's mark of
    the entries that hold a value, and the others are 0.

    action_space is MultiDiscrete([3] * num_envs), Gymnasium's batch of
    single_action_space, Discrete(3).

    Autoreset (Gymnasium's two modes): 'next_step' (the default) returns the
    last observation of a game in the step that ends it, and starts the next
    game at that environment's next step, whose action is ignored (reward 0,
    not terminated); 'same_step' returns the next game's first observation
    at once and the last one in info['final_obs'] (where info['_final_obs']
    is True).

    opponents, a list of one bot spec per environment, replaces opponent:
    environment i plays opponents[i], until set_opponent(i, spec) changes it.

    expert, a bot spec, labels every observation with what that bot would
    play there, in the observation player's seat (info['expert_action'], -1
    at a game's end): labels for imitation learning such as DAgger. The
    expert follows the game as if it had made the moves played; after a
    move that was not its answer it starts afresh from where it stands.

    guard=True fills info['guard'], (num_envs, 3) bool: the moves (left,
    straight, right) that the exposure mask allows the observation's player
    (rl.Guard: those after which the enemy's head cannot reach the own band
    before the own head can get home, by Manhattan distances; the least
    exposed when none is out of reach), as a policy with mask_exposure
    plays (docs/POLICY.md). All False at a game's end. guard_margin asks
    for that many moves in hand instead of 1 (rl.GuardMargin), as a policy
    with the same exposure_margin plays; guard_way=True measures the way
    home as it is, round the own band, and counts its cells as band
    (rl.Exposure), as a policy with exposure_way plays; guard_way_soft=True
    as well counts only the way's length, not its cells (rl.Exposure.Split),
    as a policy with exposure_way_soft 0 plays, and fills info['reach'],
    (num_envs, 3) bool: the moves of info['guard'] that only the way's cells
    would forbid, those whose logits a policy with exposure_way_soft lowers,
    and info['toward'], the moves of info['reach'] whose way home the
    enemy heads for (rl.Exposure.SplitToward), those that a policy with
    exposure_way_toward lowers by that instead.

    Game k·num_envs + i of a run is the k-th game of environment i: reset
    with seed s plays the games of `paperio selfplay --seed s` (one matchup),
    seeded alike (info['game'], info['seed']).

    The arrays returned are the environment's own, filled in place by the
    library at every step: copy what you keep, and do not write into them
    (full boards are kept up to date cell by cell). copy=True returns copies.
    """
    what = 'environment'

    metadata = {'autoreset_mode': 'next_step'}

    def __init__(self, num_envs=1, opponent='random', *, player=1, view='crop11', width=102, height=101,
                 turns=2000, autoreset_mode='next_step', expert=None, copy=False, opponents=None, guard=False,
                 guard_margin=1, guard_way=False, guard_way_soft=False):
        if autoreset_mode not in ('next_step', 'same_step'):
            raise _lib.Error("autoreset_mode %r: want 'next_step' or 'same_step'" % (autoreset_mode,))
        if isinstance(guard_margin, bool) or not isinstance(guard_margin, (int, np.integer)) or guard_margin < 1:
            raise _lib.Error('guard_margin %r: want an integer of at least 1' % (guard_margin,))
        for name, flag in (('guard_way', guard_way), ('guard_way_soft', guard_way_soft)):
            if not isinstance(flag, bool):
                raise _lib.Error('%s %r: want True or False' % (name, flag))
        if player == 'alternate':
            player = 0
        crop, glob = parse_view(view)
        options = {
            'envs': int(num_envs), 'width': int(width), 'height': int(height), 'turns': int(turns),
            'crop': crop, 'global': glob, 'opponent': opponent or '', 'player': int(player),
            'same_step': autoreset_mode == 'same_step', 'expert': expert or '', 'guard_margin': int(guard_margin),
            'guard_way': guard_way, 'guard_way_soft': guard_way_soft,
        }
        if opponents is not None:
            options['opponents'] = [str(o) for o in opponents]
        self._h = None
        self._h, shape = _lib.new_object(_lib.lib.paperio_env_new, options)
        self._msg = _lib.Message()
        self.num_envs = n = int(num_envs)
        self.view, self.opponent, self.player, self.copy = view, opponent, player, copy
        self._board = (int(width), int(height))
        self.metadata = dict(self.metadata, autoreset_mode=autoreset_mode)
        self.autoreset_mode = autoreset_mode
        planes, scalars = tuple(shape['planes']), shape['scalars']
        glob = tuple(shape['global']) if 'global' in shape else None
        self.single_observation_space = observation_space(planes, scalars, glob=glob)
        self.observation_space = observation_space(planes, scalars, (n,), glob=glob)
        self.single_action_space = Discrete(3)
        self.action_space = MultiDiscrete(np.full(n, 3))
        # One buffer of whole observations (the crop's planes, then the
        # global map's), which obs['planes'] and obs['global'] view.
        size = int(np.prod(planes)) + (int(np.prod(glob)) if glob else 0)
        self._planes = np.zeros((n, size), np.uint8)
        self._obs = dict(_split(self._planes, planes, glob), scalars=np.zeros((n, scalars), np.float32))
        self._reward = np.zeros(n, np.float32)
        self._terminated = np.zeros(n, bool)
        self._truncated = np.zeros(n, bool)
        self._info = {'player': np.zeros(n, np.int8), 'game': np.zeros(n, np.int64),
                      'seed': np.zeros(n, np.int64), 'half_steps': np.zeros(n, np.int32)}
        results = {'winner': np.zeros(n, np.int8), 'reason': np.zeros(n, np.int8),
                   'area1': np.zeros(n, np.int32), 'area2': np.zeros(n, np.int32)}
        for k, v in results.items():
            self._info[k], self._info['_' + k] = v, self._terminated
        if expert:
            self._info['expert_action'] = np.zeros(n, np.int64)
        if guard:
            self._info['guard'] = np.zeros((n, 3), bool)
        if guard and guard_way_soft:
            self._info['reach'] = np.zeros((n, 3), bool)
            self._info['toward'] = np.zeros((n, 3), bool)
        final = [None, None, None]
        if autoreset_mode == 'same_step':
            final_planes = np.zeros_like(self._planes)
            self._final = dict(_split(final_planes, planes, glob), scalars=np.zeros_like(self._obs['scalars']))
            self._final_mask = np.zeros(n, bool)
            final = [self._final_mask, final_planes, self._final['scalars']]
        ptrs = _lib.pointers([self._planes, self._obs['scalars'], self._reward, self._terminated,
                              self._truncated, self._info['player'], self._info['game'], self._info['seed'],
                              self._info['half_steps']] + final + [self._info.get('expert_action'),
                                                                   self._info.get('guard'),
                                                                   self._info.get('reach'),
                                                                   self._info.get('toward')])
        self._msg.check(_lib.lib.paperio_env_buffers(self._h, ptrs, self._msg.buf, self._msg.size))
        self._msg.check(_lib.lib.paperio_env_results(self._h, _lib.pointers(list(results.values())), self._msg.buf,
                                                     self._msg.size))
        # The actions are copied into an array of the environment's own,
        # whose address is known: a step then makes no numpy array and no
        # ctypes object (which cost more than copying 256 actions).
        self._actions = np.zeros(n, np.int64)
        self._actions_ptr = self._actions.ctypes.data
        self._started = False

    def reset(self, *, seed=None, options=None):
        """Starts every environment's first game of the run with this seed (a
        random one when None) and returns (obs, info)."""
        h = self._handle()
        if seed is None:
            seed = int.from_bytes(os.urandom(8), 'little') >> 1
        if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
            raise _lib.Error('seed %r: want an int (the run seed) or None' % (seed,))
        seed = int(seed)
        if not -2 ** 63 <= seed < 2 ** 63:
            raise _lib.Error('seed %d: want a 64-bit integer' % seed)
        self._msg.check(_lib.lib.paperio_env_reset(h, seed, self._msg.buf, self._msg.size))
        self._started = True
        return self._out(self._obs), self._infos()

    def step(self, actions):
        """Plays one action per environment; returns (obs, reward,
        terminated, truncated, info)."""
        h = self._handle()
        if not self._started:
            raise _lib.Error('step before reset: call reset() first')
        a = np.asarray(actions)
        if a.shape != (self.num_envs,):
            raise _lib.Error('actions have shape %s; want (%d,): one action per environment' % (a.shape, self.num_envs))
        if a.dtype.kind not in 'iu':
            raise _lib.Error('actions have dtype %s; want integers: 0 (left), 1 (straight), 2 (right)' % a.dtype)
        self._actions[...] = a  # any integer: values outside 0..2 (wrapped or not) the library refuses
        self._msg.check(_lib.lib.paperio_env_step(h, self._actions_ptr, self.num_envs, self._msg.buf, self._msg.size))
        return (self._out(self._obs), self._out(self._reward), self._out(self._terminated),
                self._out(self._truncated), self._infos())

    def set_opponent(self, i, spec):
        """Makes environment i play the bot spec from its next game on (the
        game under way ends with its bot): with opponents=[...], one per
        environment, a batch plays a whole league at once."""
        h = self._handle()
        self._msg.check(_lib.lib.paperio_env_set_opponent(h, int(i), str(spec).encode(), self._msg.buf,
                                                            self._msg.size))

    def step_some(self, envs, actions):
        """Plays actions[k] in environment envs[k] only; the others and their
        entries stay as they are. Returns what step returns (all
        environments' arrays: read the entries of envs)."""
        h = self._handle()
        if not self._started:
            raise _lib.Error('step before reset: call reset() first')
        idx = np.ascontiguousarray(envs, dtype=np.int64)
        a = np.ascontiguousarray(actions, dtype=np.int64)
        if idx.ndim != 1 or a.shape != idx.shape:
            raise _lib.Error('envs %s and actions %s: want two lists of one length' % (idx.shape, a.shape))
        self._msg.check(_lib.lib.paperio_env_step_some(h, idx.ctypes.data, a.ctypes.data, len(a), self._msg.buf,
                                                         self._msg.size))
        return (self._out(self._obs), self._out(self._reward), self._out(self._terminated),
                self._out(self._truncated), self._infos())

    def start(self, i, game):
        """Restarts environment i with game number game of the run (the seed
        of the last reset) and returns its observation and info as step
        does, for all environments: the game that number is in any
        environment, against environment i's opponent (set_opponent's if
        one was set), with the side player says. Environments started with
        one number play the same game, so that with the same actions they
        give the same observations, rewards and results: a game replayed
        with one move changed."""
        h = self._handle()
        if not self._started:
            raise _lib.Error('start before reset: call reset() first')
        self._msg.check(_lib.lib.paperio_env_start(h, int(i), int(game), self._msg.buf, self._msg.size))
        return self._out(self._obs), self._infos()

    def replay(self, i, actions):
        """Plays the moves actions (0, 1, 2) in environment i, with its
        opponent's replies, and writes only the observation after the last
        one (the observations between are never made: a known prefix of a
        game is replayed at the engine's speed). The game must not end
        before the last move. Returns (obs, info) for all environments."""
        h = self._handle()
        if not self._started:
            raise _lib.Error('replay before reset: call reset() first')
        a = np.ascontiguousarray(actions, dtype=np.int64)
        if a.ndim != 1:
            raise _lib.Error('actions have shape %s; want a list of moves' % (a.shape,))
        self._msg.check(_lib.lib.paperio_env_replay(h, int(i), a.ctypes.data, len(a), self._msg.buf,
                                                      self._msg.size))
        return self._out(self._obs), self._infos()

    def _out(self, x):
        if not self.copy:
            return x
        if isinstance(x, dict):
            return {k: v.copy() for k, v in x.items()}
        return x.copy()

    def _infos(self):
        info = dict(self._info)
        if self.autoreset_mode == 'same_step':
            info['final_obs'] = self._final
            info['_final_obs'] = self._final_mask
        if self.copy:
            info = {k: self._out(v) for k, v in info.items()}
        return info

    def state(self, i):
        """Environment i's game as it stands, for tests and tools: a dict with
        'fields' and 'bands' (uint8 (width, height): 0 none, 1 or 2, indexed
        [x, y]), 'width', 'height', 'max_turns', 'half_steps' and 'heads'
        ((x, y, direction) of player 1 and 2)."""
        h = self._handle()
        w, hh = self._board
        field = np.zeros(w * hh, np.uint8)
        bands = np.zeros(w * hh, np.uint8)
        meta = np.zeros(10, np.int64)
        self._msg.check(_lib.lib.paperio_env_state(h, int(i), field.ctypes.data, bands.ctypes.data, meta.ctypes.data,
                                                     self._msg.buf, self._msg.size))
        return {'fields': field.reshape(w, hh), 'bands': bands.reshape(w, hh), 'width': int(meta[0]),
                'height': int(meta[1]), 'max_turns': int(meta[2]), 'half_steps': int(meta[3]),
                'heads': ((int(meta[4]), int(meta[5]), int(meta[6])), (int(meta[7]), int(meta[8]), int(meta[9])))}
