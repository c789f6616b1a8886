"""The hyperparameters of a run, declared once: each field of Settings
has its default and its help in the field's metadata, from which the
command's flags are made (cli.py). state.pt saves them, and a resumed run
keeps the saved ones."""

import dataclasses
import math

from .. import _lib

# The groups of the flags in --help, in order.
GROUPS = {
    'net': 'the game and the network',
    'ppo': 'PPO',
    'bc': 'the clone (--init bc: DAgger toward an expert)',
    'exit': 'expert iteration (--algo exit: play-outs of the greedy network)',
    'league': 'the league',
    'mask': 'the masks of the moves',
    'reward': "PPO's shaped reward",
    'search': 'the search in the loop (--algo search: netsearch self-play, a gate, search_loop.py)',
}


def _opt(default, help, group, flag='', check=None, parse=None, show=None, **argparse):
    """A field of Settings: its default, its --help text and group, its flag
    (default --NAME with dashes; None: none), check(value) -> what is wrong
    or None, parse(text) -> value for flags of other types, show(value) ->
    the value as the flag is written, and argparse's own keywords
    (choices, action, nargs, const, metavar)."""
    meta = dict(help=help, group=group, flag=flag, check=check, parse=parse, show=show, argparse=argparse)
    return dataclasses.field(default=default, metadata=meta)


def positive(v):
    return None if v > 0 and _finite(v) else 'want a positive number'


def nonneg(v):
    return None if v >= 0 and _finite(v) else 'want a number of at least 0'


def share(v):
    return None if 0 <= v <= 1 else 'want a share from 0 to 1'


def at_least(k):
    def check(v):
        return None if v >= k else 'want at least %d' % k
    return check


def _finite(v):
    return not isinstance(v, float) or math.isfinite(v)


def parse_hidden(text):
    try:
        hidden = tuple(int(x) for x in text.split(','))
    except ValueError:
        hidden = ()
    if not hidden or min(hidden) < 1:
        raise ValueError('want layer sizes, e.g. 256,128')
    return hidden


def check_view(view):
    from .. import policy
    try:
        for v in policy.tower_views(view):
            policy.view_shape(v)
    except policy.Error as e:
        return str(e)
    return None


def check_floor(spec):
    from .league import parse_floor
    try:
        parse_floor(spec)
    except _lib.Error as e:
        return str(e).split(': ', 1)[-1]
    return None


@dataclasses.dataclass(init=False)
class Settings:
    """The hyperparameters of a run (saved in state.pt; a resumed run keeps
    them). Settings(**kw) refuses an unknown name; dict() is what state.pt
    saves."""
    envs: int = _opt(512, 'games stepped together', 'ppo', check=at_least(1))
    steps: int = _opt(32, 'steps per game and iteration', 'ppo', check=at_least(2))
    epochs: int = _opt(2, "PPO's passes over a rollout", 'ppo', check=at_least(1))
    minibatches: int = _opt(8, 'minibatches per pass (default: rows of 2,048 at most, see keep_heap)', 'ppo',
                            check=at_least(1))
    lr: float = _opt(3e-4, "Adam's step size for PPO and the clone", 'ppo', check=positive)
    gamma: float = _opt(0.997, 'discount', 'ppo', check=share)
    lam: float = _opt(0.95, "GAE's lambda", 'ppo', check=share)
    clip: float = _opt(0.2, "PPO's ratio clip", 'ppo', check=positive)
    ent: float = _opt(0.01, 'weight of the entropy bonus', 'ppo', check=nonneg)
    vf: float = _opt(0.5, 'weight of the value loss', 'ppo', check=nonneg)
    max_grad: float = _opt(0.5, "the gradient's norm clip", 'ppo', check=positive)
    anchor: float = _opt(0.0, 'weight of the KL divergence from the network PPO starts from (the clone after '
                              "--init bc, or the --init file) to the policy, in PPO's loss (0: none)", 'ppo',
                         check=nonneg)
    temperature: float = _opt(1.0, "PPO's sampling temperature over the logits: below 1 the rollouts are nearer "
                                   'the greedy play of the native player', 'ppo', check=positive)
    scalar_gain: float = _opt(1.0, "learning rate (and initial weights) of the scalars' input weights over the "
                                   "others' (Trainer._step)", 'net', check=positive)
    area_reward: float = _opt(10.0, 'reward per share of the board enclosed or taken (0.1 per 1 %)', 'reward',
                              check=nonneg)
    exposure: float = _opt(0.02, 'reward per step with the band exposed, as a penalty (with --mask exposure the '
                                 'mask keeps the band safe, and the penalty teaches staying home)', 'reward',
                           check=nonneg)
    win_reward: float = _opt(1.0, "reward of a win (minus for a loss) in a game's last step", 'reward',
                             check=nonneg)
    view: str = _opt('crop11+global15', 'the observation of a new network: cropK or cropK+globalG', 'net',
                     check=check_view)
    hidden: tuple = _opt((256, 128), 'sizes of the hidden layers of a new network', 'net', parse=parse_hidden,
                         show=lambda v: ','.join(map(str, v)))
    width: int = _opt(102, 'the board', 'net', check=at_least(3))
    height: int = _opt(101, 'the board', 'net', check=at_least(3))
    turns: int = _opt(2000, 'rounds of a game', 'net', check=at_least(1))
    snapshot_every: int = _opt(10, 'iterations between snapshots itNNNN.npz (the Elo ladder, the league)', 'league',
                               check=at_least(1))
    self_keep: int = _opt(3, "snapshots in the league ('self': the latest ones)", 'league', check=at_least(1))
    window: int = _opt(200, "latest games behind a member's score", 'league', check=at_least(1))
    pfsp: str = _opt('var', "weighting of the league's draws: var s(1 - s), hard (1 - s)^2", 'league',
                     choices=('var', 'hard'))
    pfsp_floor: float = _opt(0.05, "added to every member's PFSP weight", 'league', check=nonneg)
    league_floor: str = _opt('', 'MEMBER:SHARE,...: least shares of the games for league members, e.g. '
                                 'heuristic:0.3', 'league', check=check_floor)
    bc_iterations: int = _opt(20, 'iterations of cloning the expert with --init bc', 'bc', check=at_least(1))
    bc_expert: str = _opt('heuristic', 'the bot the clone learns from', 'bc')
    bc_beta: float = _opt(0.5, 'share of the games the expert plays itself in the first cloning iteration ...',
                          'bc', check=share)
    bc_beta_decay: float = _opt(0.9, "... times this per iteration (DAgger's mixture)", 'bc', check=share)
    bc_buffer: int = _opt(8, "rollouts of labelled rows kept and trained on (DAgger's aggregate)", 'bc',
                          check=at_least(1))
    bc_epochs: int = _opt(2, "passes over a rollout's worth of rows, drawn from the aggregate, per iteration",
                          'bc', check=at_least(1))
    bc_reg: float = _opt(0.0, "weight of the cross-entropy to the expert's moves in PPO's loss, at first ...", 'bc',
                         check=nonneg)
    bc_reg_iterations: int = _opt(100, '... falling to 0 over this many PPO iterations', 'bc', check=at_least(1))
    guard: bool = _opt(False, 'the moves masked: those that lose at once (losing), or also those after which the '
                              'enemy can reach the band before the head is home (exposure: the exposure mask, '
                              'docs/POLICY.md)', 'mask', flag='--mask', choices=('losing', 'exposure'),
                       parse=lambda v: v == 'exposure', show=lambda v: 'exposure' if v else 'losing')
    guard_margin: int = _opt(1, "with --mask exposure: the moves in hand the mask asks for between the enemy "
                                "reaching the band and the head getting home (the policy's exposure_margin)",
                             'mask', flag='--mask-margin', check=at_least(1))
    guard_way: bool = _opt(False, "with --mask exposure: the mask measures the way home as it is, round the own "
                                  "band, and counts its cells as band (the policy's exposure_way)", 'mask',
                           flag='--mask-way', action='store_true')
    guard_way_soft: bool = _opt(False, 'set by --mask-way-soft', 'mask', flag=None)
    way_soft: float = _opt(0.0, "with --mask-way: the way's cells do not forbid moves, only the way's length "
                                'counts; with B above 0 (--algo exit), the logits of the moves they alone forbid '
                                "are lowered by B in the play and the learning (the policy's exposure_way_soft, 0 "
                                'without B; docs/POLICY.md)', 'mask', flag='--mask-way-soft', nargs='?',
                           const=0.0, metavar='B', check=nonneg)
    way_toward: float = _opt(0.0, 'with --mask-way-soft B: the logits of the moves whose way home the enemy heads for '
                                  '(its next move straight on nears the way) are lowered by G instead of B, in the '
                                  "play and the learning (the policy's exposure_way_toward; docs/POLICY.md)",
                             'mask', flag='--mask-way-toward', metavar='G', check=nonneg)
    algo: str = _opt('ppo', 'ppo; exit: policy iteration by play-outs of the greedy network, each decision '
                            'point replayed with every other allowed move (exit.py); search: expert iteration '
                            'whose expert is the search guided by the network (netsearch:, search_loop.py)', 'exit',
                     choices=('ppo', 'exit', 'search'))
    exit_games: int = _opt(64, 'baseline games per iteration, played greedily', 'exit', check=at_least(1))
    exit_points: int = _opt(8, 'decision points per baseline game, each move the mask allows there played out',
                            'exit', check=at_least(1))
    exit_envs: int = _opt(256, 'environments stepping the play-outs together', 'exit', check=at_least(1))
    exit_lanes: int = _opt(2, "VectorEnvs the environments are split into; with 2, one steps in Go while the "
                              "network chooses the other's moves, so both cores work", 'exit', check=at_least(1))
    exit_horizon: int = _opt(50, "moves a play-out goes on after its deviation, 0 to the game's end", 'exit',
                             check=at_least(0))
    exit_win: float = _opt(1.0, 'the score of a win (minus for a loss) ...', 'exit', check=nonneg)
    exit_area: float = _opt(1.0, '... plus this times the territory difference as a share of the board', 'exit',
                            check=nonneg)
    exit_hindsight: float = _opt(0.0, "share of a lost game's decision points drawn from its last moves (the "
                                      "horizon's worth), which led to the loss", 'exit', check=share, metavar='H')
    exit_hindsight_area: bool = _opt(False, 'a loss on area at the last round gets hindsight too (by default '
                                            'only a loss before it, whose last moves decide it)', 'exit',
                                     action='store_true')
    exit_confirm: float = _opt(0.5, "weight of the greedy move's cross-entropy where no move played out beat it",
                               'exit', check=nonneg)
    exit_lr: float = _opt(3e-5, "Adam's step size", 'exit', check=positive)
    exit_buffer: int = _opt(32768, 'decision points kept and learned from', 'exit', check=at_least(1))
    exit_batch: int = _opt(256, 'rows per minibatch', 'exit', check=at_least(1))
    exit_epochs: float = _opt(4.0, "minibatch rows per iteration, as multiples of the iteration's new decision "
                                   'points', 'exit', check=positive)
    search_games: int = _opt(32, 'games of netsearch:cut=0:BEST per generation', 'search', check=at_least(1))
    search_self: float = _opt(0.5, 'share of them against itself; the rest against the league, sides alternating',
                              'search', check=share)
    search_league: str = _opt('auto', "the league's players besides --league's members and the past bests (auto: "
                                      'search, heuristic, wanderer and goround, and the course-style Python AIs '
                                      'hunter, farmer and npfarmer of examples/bots/python/course as py: players)',
                              'search')
    search_past: int = _opt(2, 'earlier bests in the league (netsearch:OUT/bests/gNNNN.npz)', 'search',
                            check=at_least(0))
    search_buffer: int = _opt(4, "generations whose games are learned from (the replay buffer; older games' "
                                 'folders are deleted)', 'search', check=at_least(1))
    search_epochs: float = _opt(2.0, "minibatch rows per generation, as multiples of the generation's new rows",
                                'search', check=positive)
    search_batch: int = _opt(512, 'rows per minibatch', 'search', check=at_least(1))
    search_lr: float = _opt(1e-4, "Adam's step size", 'search', check=positive)
    search_vf: float = _opt(0.5, "weight of the value head's squared error against the game's outcome", 'search',
                            check=nonneg)
    search_gate_games: int = _opt(16, 'games of the gate, the learner against netsearch:cut=0:BEST, sides alternating',
                                  'search', check=at_least(1))
    search_gate_score: float = _opt(0.55, "the learner's least score (wins + draws/2 per game) in the gate to "
                                          'become BEST', 'search', check=share)
    search_eval_every: int = _opt(2, 'generations between measures of policy:BEST and netsearch:BEST against '
                                     'the anchors (0: none)', 'search', check=at_least(0))
    search_eval_games: int = _opt(8, 'games against each anchor in a measure, sides alternating', 'search',
                                  check=at_least(1))
    search_anchors: str = _opt('search,heuristic', "the measures' opponents", 'search')
    search_final_games: int = _opt(10, "games of the best against every built-in bot after the budget, as "
                                       'policy: and as netsearch: (OUT/results.json; 0: none)', 'search',
                                   check=at_least(0))

    def __init__(self, **kw):
        for f in dataclasses.fields(Settings):
            setattr(self, f.name, kw.pop(f.name) if f.name in kw else f.default)
        if kw:
            raise _lib.Error('unknown setting %r' % sorted(kw)[0])

    def dict(self):
        return dataclasses.asdict(self)

    def problems(self):
        """What is wrong with the settings' values, one line each, as the
        flags name them."""
        out = []
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            check = f.metadata['check']
            why = check(v) if check else None
            if why is None and isinstance(v, float) and not math.isfinite(v):
                why = 'want a finite number'
            if why:
                out.append('%s %s: %s' % (flag_name(f), show(f, v), why))
        s = self
        if s.guard_margin != 1 and not s.guard:
            out.append("--mask-margin %d: the margin is the exposure mask's; add --mask exposure" % s.guard_margin)
        if s.guard_way and not s.guard:
            out.append("--mask-way: the way home is the exposure mask's; add --mask exposure")
        if s.guard_way_soft and not s.guard_way:
            out.append("--mask-way-soft: the way's cells are --mask-way's; add --mask-way")
        if not s.guard_way_soft and s.way_soft:
            out.append('--mask-way-soft %g: set guard_way_soft with it' % s.way_soft)
        if s.way_soft and s.algo != 'exit':
            out.append('--mask-way-soft %g: a penalty is learned by the play-outs; add --algo exit' % s.way_soft)
        if s.way_toward and not s.guard_way_soft:
            out.append("--mask-way-toward: the moves toward the enemy are some of those --mask-way-soft lowers; "
                       'add --mask-way-soft')
        if s.way_toward and s.algo != 'exit':
            out.append('--mask-way-toward %g: a penalty is learned by the play-outs; add --algo exit' % s.way_toward)
        return out


FIELDS = {f.name: f for f in dataclasses.fields(Settings)}


def flag_name(f):
    """The flag of a field ('--exit-lr'), or its name when it has none."""
    flag = f.metadata['flag']
    if flag is None:
        return f.name
    return flag or '--' + f.name.replace('_', '-')


def show(f, v):
    """A setting's value as its flag is written."""
    if f.metadata['show']:
        return f.metadata['show'](v)
    if f.name == 'way_soft' or f.name == 'way_toward':
        return '%g' % v
    return str(v)


def penalized(s):
    """Whether the policy lowers the logits of some moves the way's cells
    alone forbid (exposure_way_soft or exposure_way_toward above 0)."""
    return s.guard_way_soft and (s.way_soft > 0 or s.way_toward > 0)
