"""paper.io (纸带圈地) for reinforcement learning, from the Go engine of this
repository: a batched environment with Gymnasium's vector API (VectorEnv),
training rows regenerated from self-play datasets (Dataset), and the
observation spec of OBSERVATION.md (OBS_VERSION). numpy and the standard
library only; the engine runs in a shared library (cmd/libpaperio) that is
built on first import when it is missing or older than the Go sources.

    import paperio
    env = paperio.VectorEnv(256, opponent='random', view='crop11')
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
"""

from ._lib import OBS_VERSION, Error
from .data import Dataset
from .env import LEFT, RIGHT, STRAIGHT, VectorEnv

# Indices of the planes and scalars (OBSERVATION.md).
PLANES = ('own_territory', 'own_band', 'enemy_territory', 'enemy_band', 'own_head', 'enemy_head', 'off_board')
SCALARS = ('own_east', 'own_south', 'own_west', 'own_north', 'enemy_heading_same', 'enemy_heading_right',
           'enemy_heading_opposite', 'enemy_heading_left', 'rounds_left', 'own_area', 'enemy_area', 'own_band', 'enemy_band', 'own_x', 'own_y',
           'enemy_ahead', 'enemy_right', 'moves_first', 'home_ahead', 'home_right', 'home_dist',
           'band_to_enemy', 'enemy_band_to_own', 'heads_dist')

__all__ = ['VectorEnv', 'Dataset', 'Error', 'OBS_VERSION', 'PLANES', 'SCALARS', 'LEFT', 'STRAIGHT', 'RIGHT']
