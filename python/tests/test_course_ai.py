"""The course AI of the behaviour-cloning example makes its observation from
the course's stat itself: it must be the library's, cell for cell."""

import os
import sys
import unittest

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

import paperio  # noqa: E402
from paperio.examples import policy_ai  # noqa: E402


def course_frame(state, me):
    """The frame the course platform would show player me (0 or 1) of an
    environment's game: grids as tuples of column tuples of None, 1 or 2."""
    def columns(grid):
        return tuple(tuple(None if v == 0 else int(v) for v in col) for col in grid)

    steps, turns = state['half_steps'], state['max_turns']
    players = [{'id': i + 1, 'x': x, 'y': y, 'direction': d} for i, (x, y, d) in enumerate(state['heads'])]
    return {
        'turnleft': (turns - (steps + 1) // 2, turns - steps // 2),  # paperio.State.TurnsLeft
        'fields': columns(state['fields']), 'bands': columns(state['bands']),
        'players': players, 'me': players[me], 'enemy': players[1 - me],
    }


class CourseObservation(unittest.TestCase):
    def check(self, env, steps, seed):
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        compared = 0
        for _ in range(steps):
            for i in range(env.num_envs):
                st = env.state(i)
                me = int(info['player'][i]) - 1
                frame = course_frame(st, me)
                planes, scalars = policy_ai.observe(frame, (st['width'], st['height']), st['max_turns'], 11)
                np.testing.assert_array_equal(planes, obs['planes'][i], err_msg='env %d, half-step %d' % (i, st['half_steps']))
                np.testing.assert_allclose(scalars, obs['scalars'][i], rtol=1e-6, atol=1e-7,
                                           err_msg='env %d, half-step %d' % (i, st['half_steps']))
                compared += 1
            # Mostly straight on, so that bands grow long and homes are far.
            actions = np.where(rng.random(env.num_envs) < 0.7, 1, rng.integers(0, 3, env.num_envs))
            obs, _, _, _, info = env.step(actions)
        return compared

    def test_against_a_bot(self):
        with paperio.VectorEnv(6, opponent='heuristic', player=0, view='crop11', width=30, height=24,
                               turns=300) as env:
            self.assertGreater(self.check(env, 120, 3), 500)

    def test_self_play_on_the_course_board(self):
        with paperio.VectorEnv(4, opponent=None, view='crop11') as env:
            self.assertGreater(self.check(env, 80, 5), 300)


class CourseMove(unittest.TestCase):
    def test_one_move_is_the_batchs(self):
        # A random policy: the course AI's shortcut for one observation
        # chooses as the batch does, unsafe moves left out.
        rng = np.random.default_rng(1)
        sizes = [7 * 11 * 11 + len(paperio.SCALARS), 16, 3]
        layers = [(rng.standard_normal((a, b)).astype(np.float32), rng.standard_normal(b).astype(np.float32))
                  for a, b in zip(sizes[:-1], sizes[1:])]
        with paperio.VectorEnv(16, opponent='random', view='crop11', width=30, height=24, turns=100) as env:
            obs, _ = env.reset(seed=1)
            for _ in range(100):
                batch = policy_ai.choose(layers, obs['planes'], obs['scalars'])
                for i in range(env.num_envs):
                    self.assertEqual(policy_ai.choose_one(layers, obs['planes'][i], obs['scalars'][i]), batch[i])
                    a = batch[i]
                    if not policy_ai.unsafe(obs['planes'][i:i + 1]).all():
                        self.assertFalse(policy_ai.unsafe(obs['planes'][i:i + 1])[0, a])
                obs, _, _, _, _ = env.step(batch)


if __name__ == '__main__':
    unittest.main()
