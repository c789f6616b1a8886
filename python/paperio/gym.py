"""Gymnasium wrappers: paperio.VectorEnv as a gymnasium.vector.VectorEnv,
and one game as a gymnasium.Env, for code that wants Gymnasium's own types
(wrappers, checkers, libraries built on them).

    import paperio.gym
    envs = paperio.gym.make_vec(256, opponent='random', view='crop11')
    env = paperio.gym.make(opponent='goround', view='full')

Gymnasium is not a dependency of the package (this repository's machines
cannot install it), so these wrappers are written to Gymnasium 1.x's
documented API but are not tested here. paperio.VectorEnv itself follows the
same names, shapes and dtypes without Gymnasium.
"""

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as e:  # pragma: no cover - the machines here have no Gymnasium
    raise ImportError('paperio.gym needs Gymnasium (pip install gymnasium); paperio.VectorEnv works without it') from e

from .env import VectorEnv


def _observation_space(shape, scalars):
    return spaces.Dict({
        'planes': spaces.Box(0, 1, tuple(shape), np.uint8),
        'scalars': spaces.Box(-np.inf, np.inf, (scalars,), np.float32),
    })


class GymVectorEnv(gymnasium.vector.VectorEnv):
    """paperio.VectorEnv as a gymnasium.vector.VectorEnv; the keyword
    arguments are VectorEnv's."""

    def __init__(self, num_envs=1, **kwargs):
        self.env = VectorEnv(num_envs, **kwargs)
        self.num_envs = num_envs
        sp = self.env.single_observation_space
        self.single_observation_space = _observation_space(sp['planes'].shape, sp['scalars'].shape[0])
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, num_envs)
        self.single_action_space = spaces.Discrete(3)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, 3))
        mode = {'next_step': 'NEXT_STEP', 'same_step': 'SAME_STEP'}[self.env.autoreset_mode]
        self.metadata = {'autoreset_mode': getattr(getattr(gymnasium.vector, 'AutoresetMode', None), mode, mode)}

    def reset(self, *, seed=None, options=None):
        return self.env.reset(seed=seed, options=options)

    def step(self, actions):
        return self.env.step(actions)

    def close_extras(self, **kwargs):
        self.env.close()


class GymEnv(gymnasium.Env):
    """One game at a time as a gymnasium.Env; the keyword arguments are
    VectorEnv's (num_envs is 1). Call reset() after a game ends."""

    metadata = {'render_modes': []}

    def __init__(self, **kwargs):
        self.env = VectorEnv(1, autoreset_mode='next_step', **kwargs)
        sp = self.env.single_observation_space
        self.observation_space = _observation_space(sp['planes'].shape, sp['scalars'].shape[0])
        self.action_space = spaces.Discrete(3)
        self._run = None

    def _one(self, obs):
        return {k: v[0].copy() for k, v in obs.items()}

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(0, 2 ** 62))
        obs, info = self.env.reset(seed=seed)
        return self._one(obs), {k: v[0] for k, v in info.items()}

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(np.array([int(action)]))
        return self._one(obs), float(reward[0]), bool(terminated[0]), bool(truncated[0]), {k: v[0] for k, v in info.items()}

    def close(self):
        self.env.close()


def make_vec(num_envs=1, **kwargs):
    """A GymVectorEnv of num_envs games."""
    return GymVectorEnv(num_envs, **kwargs)


def make(**kwargs):
    """A GymEnv: one game at a time."""
    return GymEnv(**kwargs)
