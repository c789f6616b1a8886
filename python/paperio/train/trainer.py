"""One training run in a folder OUT: the network, its optimiser, the
league, the counters and the budget, saved after every iteration to
OUT/state.pt (a rerun goes on from there) with the policy, the snapshots
and the log. The algorithms (rollouts.py: the clone and PPO; exit.py:
expert iteration) play and learn; the Trainer starts them in turn and
writes what each iteration leaves."""

import os
import sys
import tempfile

import numpy as np

from .. import _lib, blas, policy
from ..env import VectorEnv
from . import exit as exit_
from . import rollouts, search_loop
from .common import keep_heap, scalar_weights
from .league import DEFAULT_LEAGUE, SELF, League, parse_league
from .log import log_append, log_ladder, progress_line
from .settings import Settings, penalized


class Trainer:
    """One training run in folder out. A folder with a state.pt is resumed:
    its saved settings, seed and league go on (the arguments' are not
    used); otherwise the run starts from init: 'scratch', 'bc' (DAgger
    toward settings.bc_expert first) or a weights file. Nothing is written
    before the arguments are found good (Error)."""

    def __init__(self, out, seed=0, init='scratch', league=DEFAULT_LEAGUE, minutes=60.0, settings=None,
                 progress=sys.stderr, threads=None, iterations=None, until=None):
        import torch
        self.torch = torch
        keep_heap()
        if threads:
            torch.set_num_threads(threads)
            blas.set_threads(threads)  # its idle threads spin: a core lost per trainer (blas.set_threads)
        self.out, self.minutes, self.progress = out, float(minutes), progress
        self.iterations = iterations  # at most this many in this run (tests, notebooks)
        self.until = until  # and none past this iteration (a recipe's stage)
        self.state_path = os.path.join(out, 'state.pt')
        if os.path.exists(out) and not os.path.isdir(out):
            raise _lib.Error('%s: not a folder' % out)
        self.iteration, self.steps, self.seconds, self.snapshot = 0, 0, 0.0, 'it0000'
        self.resumed = os.path.exists(self.state_path)
        st = load_state(self.state_path) if self.resumed else None
        if self.resumed:
            self.s = saved_settings(st)
            self.seed = int(st.get('seed', seed))
            self.init = st.get('init')
            members = st['league']['fixed'] + ([SELF] if st['league']['selfplay'] else [])
        else:
            self.s = settings or Settings()
            self.seed = int(seed)
            self.init = init
            problems = self.s.problems()
            if problems:
                raise _lib.Error(problems[0])
            members = parse_league(league)
        self.rng = np.random.default_rng([self.seed, st['iteration'] if self.resumed else 0])
        self.league_spec = league if not self.resumed else st.get('league_spec', league)
        self.league = League(members, self.s, self.rng)
        if self.resumed:
            self.net = policy.PolicyNet(st['meta'])
            self.net.load_state_dict(st['model'])
            self.league.restore(st['league'])
            self.iteration, self.steps, self.seconds = st['iteration'], st['steps'], st['seconds']
            self.snapshot = st['snapshot']
            self.bc_left = st.get('bc_left', 0)
            self.reg_left = st.get('reg_left', 0)
            self.anchor = self._frozen(st['anchor']) if st.get('anchor') else None
            self.search = st.get('search')
        else:
            self.search = None
            self.anchor = None
            self.net = self._initial(init)
            self.bc_left = self.s.bc_iterations if init == 'bc' else 0
            self.reg_left = self.s.bc_reg_iterations if self.s.bc_reg > 0 else 0
        self.opt = torch.optim.Adam(self.net.parameters(), lr=self.s.lr, eps=1e-5)
        if self.resumed:
            self.opt.load_state_dict(st['opt'])
        if self.league.selfplay and not self._policy_opponents():
            self.league.selfplay = False
            self.league.snapshots = []
            print('paperio.train: this library has no policy: player; the league goes on without past selves',
                  file=progress)
        os.makedirs(os.path.join(out, 'log'), exist_ok=True)

    @property
    def penalized(self):
        """Whether the policy lowers the logits of some moves the way's
        cells alone forbid (exposure_way_soft or exposure_way_toward above
        0)."""
        return penalized(self.s)

    def _soft(self):
        """The policy's exposure_way_soft: the penalty of the moves the
        way's cells alone forbid (--mask-way-soft B; 0 when they do not
        count), none when they forbid moves."""
        return float(self.s.way_soft) if self.s.guard_way_soft else None

    def _toward(self):
        """The policy's exposure_way_toward (--mask-way-toward G), none for
        none."""
        return float(self.s.way_toward) if self.s.guard_way_soft and self.s.way_toward > 0 else None

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
        if not os.path.isfile(init):
            raise _lib.Error('--init %s: want scratch, bc or a weights file (.npz) that exists' % init)
        try:
            net = policy.load(init)
        except policy.Error as e:
            raise _lib.Error('--init %s' % e) from None
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
        with tempfile.TemporaryDirectory(prefix='paperio-train-') as tmp:
            probe = os.path.join(tmp, 'probe.npz')
            policy.save(self.net, probe)
            try:
                with VectorEnv(1, opponent='policy:' + probe, view=self.s.view, width=self.s.width,
                               height=self.s.height, turns=self.s.turns):
                    return True
            except _lib.Error:
                return False

    def env(self, expert=None):
        """A VectorEnv of settings.envs games against opponents drawn from
        the league, and the list of those opponents."""
        s = self.s
        first = self.league.sample(s.envs)
        env = VectorEnv(s.envs, opponents=first, player=0, view=s.view, width=s.width, height=s.height,
                        turns=s.turns, autoreset_mode='same_step', expert=expert, guard=s.guard,
                        guard_margin=s.guard_margin, guard_way=s.guard_way,
                        guard_way_soft=s.guard_way_soft)
        return env, list(first)

    def say(self, line):
        if self.progress:
            print(line, file=self.progress, flush=True)

    def more(self):
        """Whether this run has budget for another iteration: minutes in
        all, iterations in this run, the stage's last iteration."""
        return (self.seconds < self.minutes * 60 and
                (self.iterations is None or self.iteration - self.first < self.iterations) and
                (self.until is None or self.iteration < self.until))

    def run(self):
        """Trains until the budget is spent: the clone's iterations first
        (--init bc), then PPO, expert iteration or the search in the loop
        (settings.algo)."""
        self.first = self.iteration
        searching = self.s.algo == 'search' and not self.bc_left
        if not self.more() or searching and search_loop.done(self):
            if searching and search_loop.done(self):
                search_loop.run(self, self.league_spec)  # the results, when a killed run had not written them
            elif self.seconds >= self.minutes * 60:
                self.say('paperio.train: %s has trained %.1f of %.1f minutes already' % (
                    self.out, self.seconds / 60, self.minutes))
            return
        # The search in the loop names its own league (search_loop.run).
        league = '' if self.s.algo == 'search' and not self.bc_left else '; league %s' % ','.join(
            self.league.members() + ([SELF] if self.league.selfplay else []))
        self.say('paperio.train: %s %s at iteration %d, %.1f of %.1f minutes%s' % (
            'resuming' if self.resumed else 'starting', self.out, self.iteration, self.seconds / 60, self.minutes,
            league))
        if self.bc_left or self.s.algo == 'ppo':
            rollouts.run(self)  # until the budget is spent, or cloned when play-outs come next
        if self.s.algo == 'exit' and not self.bc_left and self.more():
            exit_.run(self)
        if self.s.algo == 'search' and not self.bc_left:
            search_loop.run(self, self.league_spec)
        self.say('paperio.train: stopped after %.1f minutes of training; the policy is %s' % (
            self.seconds / 60, os.path.join(self.out, 'policy.npz')))

    def step(self):
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

    _step = step  # the name tests and notebooks know

    def finish_iteration(self, took, steps, row, infer_share, note=''):
        """Counts an iteration of took seconds and steps steps, and writes
        what it leaves: the snapshot every snapshot_every iterations,
        policy.npz, state.pt, the log's rows and the progress line (with
        the algorithm's note)."""
        self.iteration += 1
        self.steps += steps
        self.seconds += took
        row = dict(row, iteration=self.iteration, steps=self.steps, seconds=self.seconds)
        snap = self.iteration % self.s.snapshot_every == 0
        self.net.meta['name'] = 'paperio.train %s seed %d iteration %d' % (self.out, self.seed, self.iteration)
        self.net.meta['iteration'] = self.iteration
        if snap:
            self.snapshot = 'it%04d' % self.iteration
            path = os.path.join(self.out, self.snapshot + '.npz')
            policy.save(self.net, path)
            self.league.add_snapshot('policy:' + path)
        policy.save(self.net, os.path.join(self.out, 'policy.npz'))
        self.save_state()
        base = {'iteration': self.iteration, 'steps': self.steps, 'seconds': self.seconds, 'player': self.snapshot}
        matchups = self.league.rows(base)
        log_append(self.out, 'iterations.parquet', [row])
        log_append(self.out, 'matchups.parquet', matchups)
        ladder = log_ladder(self.out, self.iteration, self.seconds) if snap else None
        elo = None
        if ladder:
            me = [r for r in ladder if r['player'] == self.snapshot]
            elo = (self.snapshot, me[0]['elo']) if me else None
        self.say(progress_line(self.iteration, self.steps, self.seconds, row, infer_share, matchups, elo) + note)

    def save_state(self):
        st = {'settings': self.s.dict(), 'meta': self.net.meta, 'model': self.net.state_dict(),
              'opt': self.opt.state_dict(), 'iteration': self.iteration, 'steps': self.steps,
              'seconds': self.seconds, 'snapshot': self.snapshot, 'league': self.league.state(),
              'bc_left': self.bc_left, 'reg_left': self.reg_left, 'seed': self.seed, 'init': self.init,
              'anchor': self.anchor.state_dict() if self.anchor is not None else None, 'search': self.search,
              'league_spec': self.league_spec}
        tmp = self.state_path + '.tmp%d' % os.getpid()
        self.torch.save(st, tmp)
        with open(tmp, 'rb') as f:
            os.fsync(f.fileno())
        os.replace(tmp, self.state_path)


def saved_settings(st):
    """The Settings of a saved state. A run saved before
    exit_hindsight_area existed gave hindsight to every loss, and goes on
    so."""
    return Settings(**{'exit_hindsight_area': True, **st['settings']})


def load_state(path):
    """The saved state of a run (Error when it cannot be read)."""
    import torch
    try:
        st = torch.load(path)
    except Exception as e:  # torch's pickle and zip readers raise many kinds
        raise _lib.Error('%s: cannot be read (%s); move it away to start afresh' % (path, str(e).split('\n')[0]))
    if not isinstance(st, dict) or not {'settings', 'meta', 'model', 'iteration'} <= set(st):
        raise _lib.Error('%s: not a training state' % path)
    return st
