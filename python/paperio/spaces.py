"""Spaces as Gymnasium names them (Discrete, MultiDiscrete, Box, Dict), small
enough to need nothing but numpy: they describe the environment's actions
and observations with the attributes a Gymnasium user reads (n, nvec, shape,
dtype, low, high, spaces) and can sample. paperio.gym turns them into Gymnasium's
own when Gymnasium is installed.
"""

import numpy as np


class Discrete:
    """The integers 0 .. n-1 (one value, or a batch of shape shape)."""

    def __init__(self, n, shape=(), seed=None):
        self.n, self.shape, self.dtype = n, tuple(shape), np.dtype(np.int64)
        self._rng = np.random.default_rng(seed)

    def sample(self):
        return self._rng.integers(0, self.n, size=self.shape, dtype=np.int64)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)

    def contains(self, x):
        x = np.asarray(x)
        return x.shape == self.shape and x.dtype.kind in 'iu' and bool(np.all((x >= 0) & (x < self.n)))

    def __repr__(self):
        return 'Discrete(%d%s)' % (self.n, ', shape=%s' % (self.shape,) if self.shape else '')


class MultiDiscrete:
    """One integer 0 .. nvec[i]-1 per entry: the actions of a batch of
    environments, as Gymnasium batches a Discrete space."""

    def __init__(self, nvec, seed=None):
        self.nvec = np.asarray(nvec, np.int64)
        self.shape, self.dtype = self.nvec.shape, np.dtype(np.int64)
        self._rng = np.random.default_rng(seed)

    def sample(self):
        return self._rng.integers(0, self.nvec, dtype=np.int64)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)

    def contains(self, x):
        x = np.asarray(x)
        return x.shape == self.shape and x.dtype.kind in 'iu' and bool(np.all((x >= 0) & (x < self.nvec)))

    def __repr__(self):
        return 'MultiDiscrete(%s)' % np.array2string(self.nvec, threshold=8)


class Box:
    """Arrays of a shape and dtype between low and high."""

    def __init__(self, low, high, shape, dtype, seed=None):
        self.low, self.high, self.shape, self.dtype = low, high, tuple(shape), np.dtype(dtype)
        self._rng = np.random.default_rng(seed)

    def sample(self):
        if self.dtype.kind in 'iu':
            return self._rng.integers(self.low, self.high + 1, size=self.shape).astype(self.dtype)
        return self._rng.uniform(self.low, self.high, size=self.shape).astype(self.dtype)

    def contains(self, x):
        x = np.asarray(x)
        return x.shape == self.shape and x.dtype == self.dtype and bool(np.all((x >= self.low) & (x <= self.high)))

    def __repr__(self):
        return 'Box(%s, %s, %s, %s)' % (self.low, self.high, self.shape, self.dtype)


class Dict:
    """A dict of spaces."""

    def __init__(self, spaces):
        self.spaces = dict(spaces)

    def __getitem__(self, key):
        return self.spaces[key]

    def sample(self):
        return {k: s.sample() for k, s in self.spaces.items()}

    def contains(self, x):
        return isinstance(x, dict) and x.keys() == self.spaces.keys() and all(s.contains(x[k]) for k, s in self.spaces.items())

    def __repr__(self):
        return 'Dict(%s)' % ', '.join('%s: %r' % kv for kv in self.spaces.items())


def observation_space(shape, scalars, batch=(), glob=None):
    """The observation space: planes (uint8, 0 or 1), the global map's planes
    when glob gives their shape, and scalars (float32)."""
    batch = tuple(batch)
    spaces = {'planes': Box(0, 1, batch + tuple(shape), np.uint8)}
    if glob:
        spaces['global'] = Box(0, 1, batch + tuple(glob), np.uint8)
    spaces['scalars'] = Box(-np.inf, np.inf, batch + (scalars,), np.float32)
    return Dict(spaces)
