"""paper.io (纸带圈地) for reinforcement learning, from the Go engine of this
repository: a batched environment with Gymnasium's vector API (VectorEnv),
training rows regenerated from self-play datasets (Dataset), and the
observation spec of docs/OBSERVATION.md (OBS_VERSION). The standard library and
numpy only; the engine runs in a shared library (cmd/libpaperio) that is
built on first import when it is missing or older than the Go sources.

    import paperio
    env = paperio.VectorEnv(256, opponent='random', view='crop11')
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample())

Importing the package needs only the standard library (it builds and loads
the library); VectorEnv and Dataset need numpy and load it when first used.
"""

from ._lib import OBS_VERSION, Error

# The actions by index.
LEFT, STRAIGHT, RIGHT = 0, 1, 2

# Names of the planes and scalars, in order (docs/OBSERVATION.md).
PLANES = ('own_territory', 'own_band', 'enemy_territory', 'enemy_band', 'own_head', 'enemy_head', 'off_board')
SCALARS = ('own_east', 'own_south', 'own_west', 'own_north', 'enemy_heading_same', 'enemy_heading_right',
           'enemy_heading_opposite', 'enemy_heading_left', 'rounds_left', 'own_area', 'enemy_area', 'own_band',
           'enemy_band', 'own_x', 'own_y', 'enemy_ahead', 'enemy_right', 'moves_first', 'home_ahead', 'home_right',
           'home_dist', 'band_to_enemy', 'enemy_band_to_own', 'heads_dist')

# The course's result codes (info['reason'] at a game's end), by code.
REASONS = {0: 'WAL', 1: 'TAP', 2: 'SID', 3: 'FAC', 4: 'CIT', -1: 'ERR', -2: 'OVT', -3: 'END'}

__all__ = ['VectorEnv', 'Dataset', 'Error', 'OBS_VERSION', 'PLANES', 'SCALARS', 'REASONS', 'LEFT', 'STRAIGHT',
           'RIGHT']

_LAZY = {'VectorEnv': 'env', 'Dataset': 'data'}


def __getattr__(name):
    """VectorEnv and Dataset, imported when first asked for (they need
    numpy)."""
    if name not in _LAZY:
        raise AttributeError('module paperio has no attribute %r' % name)
    try:
        import numpy  # noqa: F401
    except ImportError:
        raise ImportError('paperio.%s needs numpy (Debian: apt-get install python3-numpy, then /usr/bin/python3)'
                          % name) from None
    import importlib
    value = getattr(importlib.import_module('.' + _LAZY[name], __name__), name)
    globals()[name] = value
    return value
