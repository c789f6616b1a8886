"""The league: the opponents of the learner, its latest results against
each, and prioritized fictitious self-play (PFSP) to draw them.

A member is drawn with weight s(1 - s) + pfsp_floor, s being the
learner's score over its latest `window` games against it (a Beta(1, 1)
prior before any game), then raised to its --league-floor share. The
members are the fixed bot specs and, with 'self', the latest `self_keep`
snapshots of the learner (policy:OUT/itNNNN.npz): a snapshot that leaves
the league is drawn for no new game, though a game already under way
against it plays to its end and counts."""

import collections
import math

import numpy as np

from .. import _lib

DEFAULT_LEAGUE = 'random,goround,wanderer,heuristic,self'
SELF = 'self'  # the league's past snapshots of the learner


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
        """Adds a snapshot; returns those that left the league (beyond
        self_keep)."""
        if not self.selfplay:
            return []
        self._add(spec)
        self.snapshots.append(spec)
        gone = self.snapshots[:-self.s.self_keep]
        del self.snapshots[:-self.s.self_keep]
        return gone

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
        self.fixed, self.selfplay = st['fixed'], st['selfplay']
        self.snapshots = st['snapshots'][-self.s.self_keep:]
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


def parse_league(spec):
    """The members of --league SPEC, each bot spec checked now (Error), not
    when its first game starts."""
    from ..env import VectorEnv
    members = [m.strip() for m in spec.split(',') if m.strip()]
    if not members:
        raise _lib.Error('--league %r: want a comma-separated list of bot specs (and self)' % spec)
    if len(set(members)) != len(members):
        raise _lib.Error('--league %r: a member is named twice' % spec)
    fixed = [m for m in members if m != SELF]
    if not fixed:
        raise _lib.Error('--league %r: want at least one bot besides self' % spec)
    for m in fixed:
        try:
            VectorEnv(1, opponent=m).close()
        except _lib.Error as e:
            raise _lib.Error('--league member %r: %s' % (m, e)) from None
    return members
