"""VectorEnv: Gymnasium's names, shapes and dtypes, seeds, autoreset, and bad
input as Python exceptions."""

import os
import subprocess
import sys
import tempfile
import unittest

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

import paperio  # noqa: E402


class Api(unittest.TestCase):
    def test_spaces_shapes_and_dtypes(self):
        for view, shape in (('crop11', (7, 11, 11)), ('full', (6, 31, 40)), ('crop5', (7, 5, 5))):
            with paperio.VectorEnv(3, opponent='random', view=view, width=40, height=31, turns=50) as env:
                self.assertEqual(env.num_envs, 3)
                self.assertEqual(env.single_action_space.n, 3)
                self.assertEqual(env.action_space.shape, (3,))
                self.assertEqual(env.single_observation_space['planes'].shape, shape)
                self.assertEqual(env.observation_space['scalars'].shape, (3, len(paperio.SCALARS)))
                obs, info = env.reset(seed=5)
                self.assertEqual(obs['planes'].shape, (3,) + shape)
                self.assertEqual(obs['planes'].dtype, np.uint8)
                self.assertEqual(obs['scalars'].dtype, np.float32)
                self.assertTrue(env.observation_space.contains(obs))
                obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
                self.assertEqual((reward.dtype, reward.shape), (np.float32, (3,)))
                self.assertEqual((terminated.dtype, truncated.dtype), (bool, bool))
                self.assertFalse(truncated.any())
                self.assertEqual(sorted(info), ['_area1', '_area2', '_reason', '_winner', 'area1', 'area2', 'game',
                                                'half_steps', 'player', 'reason', 'seed', 'winner'])

    def test_global_view(self):
        # The crop of 'crop11+global15' is crop11's, in the same games; the
        # global map follows it, its own head at the centre.
        kw = dict(opponent='heuristic', player=0, width=40, height=31, turns=60, autoreset_mode='same_step')
        with paperio.VectorEnv(4, view='crop11+global15', **kw) as env, paperio.VectorEnv(4, view='crop11', **kw) as ref:
            self.assertEqual(env.single_observation_space['global'].shape, (9, 15, 15))
            self.assertEqual(env.single_observation_space['planes'].shape, (7, 11, 11))
            obs, _ = env.reset(seed=3)
            want, _ = ref.reset(seed=3)
            rng = np.random.default_rng(1)
            ended = 0
            for _ in range(150):
                self.assertTrue(env.observation_space.contains(obs))
                np.testing.assert_array_equal(obs['planes'], want['planes'])
                np.testing.assert_array_equal(obs['scalars'], want['scalars'])
                self.assertTrue((obs['global'][:, 4, 7, 7] == 1).all())
                self.assertEqual(int(obs['global'][:, 4].sum()), 4)
                a = rng.integers(0, 3, 4)
                obs, _, term, _, info = env.step(a)
                want, _, _, _, winfo = ref.step(a)
                np.testing.assert_array_equal(info['final_obs']['planes'], winfo['final_obs']['planes'])
                self.assertEqual(info['final_obs']['global'].shape, (4, 9, 15, 15))
                ended += int(term.sum())
            self.assertGreater(ended, 0)
        with self.assertRaises(paperio.Error):
            paperio.VectorEnv(1, view='crop11+global4')

    def test_action_space_is_multidiscrete(self):
        with paperio.VectorEnv(5, opponent='random', view='crop5', width=20, height=15, turns=30) as env:
            space = env.action_space
            self.assertEqual(type(space).__name__, 'MultiDiscrete')
            self.assertEqual(space.nvec.tolist(), [3] * 5)
            self.assertEqual((space.shape, space.dtype), ((5,), np.dtype(np.int64)))
            a = space.sample()
            self.assertEqual((a.shape, a.dtype), ((5,), np.int64))
            self.assertTrue(space.contains(a) and ((a >= 0) & (a < 3)).all())
            self.assertFalse(space.contains(np.array([0, 1, 2, 3, 0])))
            self.assertFalse(space.contains(np.zeros(4, np.int64)))

    def test_info_says_how_each_game_ended(self):
        for mode in ('next_step', 'same_step'):
            with paperio.VectorEnv(6, opponent='random', view='crop5', width=20, height=15, turns=30,
                                   autoreset_mode=mode) as env:
                env.reset(seed=2)
                ended = 0
                for step in range(300):
                    _, reward, terminated, _, info = env.step(env.action_space.sample())
                    for k in ('winner', 'reason', 'area1', 'area2'):
                        self.assertTrue((info['_' + k] == terminated).all())
                        self.assertTrue((info[k][~terminated] == 0).all(), (mode, step, k))
                    for i in np.flatnonzero(terminated):
                        ended += 1
                        w = int(info['winner'][i])
                        # The agent is player 1 and moved last: its reward is the result.
                        self.assertEqual(w, {1.0: 1, -1.0: 2, 0.0: 0}[float(reward[i])], (mode, step, i))
                        self.assertIn(int(info['reason'][i]), paperio.REASONS)
                        self.assertGreater(int(info['area1'][i]) + int(info['area2'][i]), 0)
                        if paperio.REASONS[int(info['reason'][i])] == 'END':
                            a1, a2 = int(info['area1'][i]), int(info['area2'][i])
                            self.assertEqual(w, 1 if a1 > a2 else 2 if a2 > a1 else 0)
                self.assertGreater(ended, 6, mode)

    def test_same_seed_same_games(self):
        def run(seed):
            with paperio.VectorEnv(4, opponent='heuristic', view='crop11', width=40, height=31, turns=80) as env:
                obs, _ = env.reset(seed=seed)
                rng = np.random.default_rng(0)
                out = [obs['planes'].copy()]
                for _ in range(120):
                    obs, r, term, _, info = env.step(rng.integers(0, 3, 4))
                    out += [obs['planes'].copy(), obs['scalars'].copy(), r.copy(), term.copy(), info['game'].copy()]
                return out

        a, b, c = run(9), run(9), run(10)
        self.assertTrue(all(np.array_equal(x, y) for x, y in zip(a, b)))
        self.assertFalse(all(np.array_equal(x, y) for x, y in zip(a, c)))

    def test_games_follow_the_run(self):
        # Environment i plays games i, i+n, i+2n, ... of the run.
        with paperio.VectorEnv(3, opponent='random', view='crop7', width=20, height=15, turns=30) as env:
            _, info = env.reset(seed=1)
            self.assertEqual(list(info['game']), [0, 1, 2])
            seen = set()
            for _ in range(400):
                _, _, _, _, info = env.step(np.zeros(3, np.int64))
                seen.update(zip(range(3), info['game']))
            for i, g in seen:
                self.assertEqual(g % 3, i)
            self.assertGreater(len(seen), 6)

    def test_next_step_autoreset(self):
        with paperio.VectorEnv(2, opponent='random', view='crop11', width=20, height=15, turns=40) as env:
            env.reset(seed=3)
            ended = 0
            for _ in range(300):
                _, r, term, _, info = env.step(np.full(2, 1))  # straight into the wall
                if term.any():
                    ended += 1
                    i = int(np.argmax(term))
                    self.assertIn(r[i], (-1, 0, 1))
                    game = info['game'][i]
                    _, r, term2, _, info = env.step(np.full(2, 1))
                    self.assertFalse(term2[i])
                    self.assertEqual(r[i], 0)
                    self.assertEqual(info['half_steps'][i] in (0, 1), True)  # a new game (the bot may have moved)
                    self.assertNotEqual(info['game'][i], game)
            self.assertGreater(ended, 2)

    def test_same_step_autoreset(self):
        with paperio.VectorEnv(2, opponent='random', view='crop11', width=20, height=15, turns=40,
                               autoreset_mode='same_step') as env:
            obs, info = env.reset(seed=3)
            self.assertEqual(env.metadata['autoreset_mode'], 'same_step')
            ended = walls = 0
            x, y = paperio.SCALARS.index('own_x'), paperio.SCALARS.index('own_y')
            for _ in range(100):
                obs, r, term, _, info = env.step(np.full(2, 1))
                self.assertTrue(np.array_equal(info['_final_obs'], term))
                for i in np.nonzero(term)[0]:
                    ended += 1
                    self.assertLessEqual(info['half_steps'][i], 1)  # already the next game
                    self.assertEqual(obs['planes'][i][4].sum(), 1)
                    last = info['final_obs']['scalars'][i]
                    if not (0 <= last[x] <= 1 and 0 <= last[y] <= 1):
                        # The head left the board: the wall lost, and no own head is marked.
                        walls += 1
                        self.assertEqual(r[i], -1)
                        self.assertEqual(info['final_obs']['planes'][i][4].sum(), 0)
            self.assertGreater(ended, 2)
            self.assertGreater(walls, 0)

    def test_the_docstrings_self_play_loop_credits_the_mover(self):
        # The first lines of VectorEnv's docstring name the reward's player,
        # info['player'] and info['half_steps'], and give the loop below;
        # run as written, it credits each game's result to the mover.
        doc = paperio.VectorEnv.__doc__
        head = doc.split('\n\n')[1]
        for word in ("reward[i]", "info['player']", "info['half_steps']", 'just moved', 'moves next'):
            self.assertIn(word, head)
        loop = doc.split('refilled in place):\n\n')[1].split('\n\n')[0]
        loop = '\n'.join(line.strip() for line in loop.splitlines())
        self.assertEqual(len(loop.splitlines()), 2, loop)
        rng = np.random.default_rng(4)
        for mode in ('next_step', 'same_step'):
            with paperio.VectorEnv(6, opponent=None, width=14, height=12, turns=30, autoreset_mode=mode) as env:
                obs, info = env.reset(seed=3)
                ended = 0
                for _ in range(150):
                    half = info['half_steps'].copy()
                    scope = {'env': env, 'obs': obs, 'info': info, 'act': lambda o: rng.integers(0, 3, 6)}
                    exec(loop, scope)
                    mover, reward, term, info = scope['mover'], scope['reward'], scope['terminated'], scope['info']
                    obs = scope['obs']
                    for i in range(6):
                        if term[i]:
                            ended += 1
                            w = info['winner'][i]
                            self.assertEqual(reward[i], 0 if w == 0 else 1 if w == mover[i] else -1)
                        else:
                            self.assertEqual(reward[i], 0)
                            if info['half_steps'][i] == half[i] + 1:  # a move of the game: the other player next
                                self.assertEqual(info['player'][i], 3 - mover[i])
                self.assertGreater(ended, 5)

    def test_self_play_alternates(self):
        with paperio.VectorEnv(2, opponent=None, view='full', width=20, height=15, turns=40) as env:
            obs, info = env.reset(seed=2)
            self.assertEqual(list(info['player']), [1, 1])
            self.assertEqual(obs['scalars'][0, paperio.SCALARS.index('moves_first')], 1)
            obs, _, _, _, info = env.step(np.ones(2, np.int64))
            self.assertEqual(list(info['player']), [2, 2])
            self.assertEqual(obs['scalars'][0, paperio.SCALARS.index('moves_first')], 0)

    def test_guard_allows_safe_moves_only(self):
        from paperio import policy
        meta = policy.check_meta({'towers': [{'view': 'crop11'}]})
        fewer = 0
        with paperio.VectorEnv(8, opponent='heuristic', view='crop11', width=30, height=25, turns=200,
                               autoreset_mode='same_step', guard=True) as env:
            obs, info = env.reset(seed=4)
            rng = np.random.default_rng(1)
            for _ in range(300):
                guard, safe = info['guard'].copy(), policy.safe_moves(meta, [obs['planes']], None)
                some = guard.any(1)
                self.assertTrue((guard <= safe).all())  # never a move that loses at once
                self.assertTrue((some == safe.any(1)).all())  # some move is allowed while one is safe
                fewer += int((guard != safe).any(1).sum())
                a = np.where(rng.random(8) < 0.3, rng.integers(0, 3, 8), np.argmax(guard, 1))
                obs, _, _, _, info = env.step(a)
        self.assertGreater(fewer, 0)

    def test_guard_margin_asks_for_more(self):
        # A margin of 3 allows some of the moves a margin of 1 allows, fewer
        # in some states, never none while a move is safe.
        kw = dict(opponent='wanderer', view='crop11', width=30, height=25, turns=200, autoreset_mode='same_step',
                  guard=True)
        fewer = 0
        with paperio.VectorEnv(8, **kw) as one, paperio.VectorEnv(8, guard_margin=3, **kw) as three:
            _, i1 = one.reset(seed=4)
            _, i3 = three.reset(seed=4)
            for t in range(300):
                g1, g3 = i1['guard'].copy(), i3['guard'].copy()
                self.assertTrue((g3 <= g1).all(), t)
                self.assertTrue((g3.any(1) == g1.any(1)).all(), t)
                fewer += int((g3 != g1).any(1).sum())
                a = np.argmax(g3, 1) if t % 9 else np.full(8, 1)
                _, _, _, _, i1 = one.step(a)
                _, _, _, _, i3 = three.step(a)
        self.assertGreater(fewer, 0)
        for bad in (0, 1.5, True):
            with self.assertRaisesRegex(paperio.Error, 'guard_margin'):
                paperio.VectorEnv(1, guard=True, guard_margin=bad)

    def guard_pairs(self, kw, extra, seed):
        """The guards of two environments that play the same games, kw and
        kw with extra, for 300 steps, and the second's reach (None without
        one): straight on while the second allows it (out into the open,
        where ways home are long)."""
        with paperio.VectorEnv(8, **kw) as one, paperio.VectorEnv(8, **dict(kw, **extra)) as two:
            _, i1 = one.reset(seed=seed)
            _, i2 = two.reset(seed=seed)
            for _ in range(300):
                g1, g2 = i1['guard'].copy(), i2['guard'].copy()
                yield g1, g2, (i2['reach'].copy() if 'reach' in i2 else None)
                a = np.where(g2[:, 1], 1, np.argmax(g2, 1))
                _, _, _, _, i1 = one.step(a)
                _, _, _, _, i2 = two.step(a)

    def test_guard_way_counts_the_way_home(self):
        # Counting the way home as band changes the allowed moves in some
        # states, never to none while a move is safe.
        kw = dict(opponent='heuristic', view='crop11', width=30, height=25, turns=200, autoreset_mode='same_step',
                  guard=True, guard_margin=3)
        other = 0
        for t, (gp, gw, reach) in enumerate(self.guard_pairs(kw, {'guard_way': True}, 4)):
            self.assertIsNone(reach)
            self.assertTrue((gw.any(1) == gp.any(1)).all(), t)
            other += int((gw != gp).any(1).sum())
        self.assertGreater(other, 0)
        with self.assertRaisesRegex(paperio.Error, 'guard_way'):
            paperio.VectorEnv(1, guard=True, guard_way=1)

    def test_guard_way_soft_leaves_the_cells_out(self):
        # Without the way's cells the mask allows every move the whole rule
        # allows, or one where it allows none of those, and more in some
        # states; the reach holds those more.
        kw = dict(opponent='goround', view='crop11', width=30, height=25, turns=200, autoreset_mode='same_step',
                  guard=True, guard_margin=3, guard_way=True)
        more = 0
        for t, (gh, gs, reach) in enumerate(self.guard_pairs(kw, {'guard_way_soft': True}, 5)):
            self.assertTrue((gs.any(1) == gh.any(1)).all(), t)
            self.assertTrue((gs | ~gh).all(), t)
            self.assertTrue((reach == (gs & ~gh)).all(), t)
            more += int((gs & ~gh).any(1).sum())
        self.assertGreater(more, 0)
        with self.assertRaisesRegex(paperio.Error, 'guard_way_soft: .* set guard_way as well'):
            paperio.VectorEnv(1, guard=True, guard_way_soft=True)
        with self.assertRaisesRegex(paperio.Error, 'guard_way_soft'):
            paperio.VectorEnv(1, guard=True, guard_way=True, guard_way_soft=0)

    def test_expert_answers(self):
        with paperio.VectorEnv(2, opponent='goround', view='crop11', width=30, height=25, turns=60,
                               expert='heuristic', autoreset_mode='same_step') as env:
            _, info = env.reset(seed=4)
            for _ in range(50):
                a = info['expert_action']
                self.assertTrue(((a >= 0) & (a <= 2)).all())
                _, _, _, _, info = env.step(a)


class Programs(unittest.TestCase):
    def test_a_program_opponent_leaves_no_folder(self):
        # An environment against a program (exec:), stepped and never
        # closed: when the interpreter exits, the program's process and its
        # temporary folder are gone.
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        bot = os.path.join(root, 'examples', 'bots', 'python', 'goround.py')
        code = ('import paperio\n'
                'env = paperio.VectorEnv(2, opponent=%r, view="crop5", width=40, height=31, turns=30)\n'
                'env.reset(seed=1)\n'
                'for _ in range(5):\n'
                '    env.step([1, 1])\n' % ('exec:' + bot))
        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ, TMPDIR=tmp, PYTHONPATH=os.path.join(root, 'python'))
            p = subprocess.run([sys.executable, '-c', code], env=env, capture_output=True, text=True)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertEqual(os.listdir(tmp), [])


class Replays(unittest.TestCase):
    def test_start_replay_and_step_some(self):
        # Environments started with one game number play the same game:
        # alike under the same moves, apart after one move changed; replay
        # reaches the observation that stepping reaches; step_some moves the
        # environments listed only.
        kw = dict(opponent='wanderer', player=0, view='crop11+global9', width=40, height=40, turns=200,
                  autoreset_mode='same_step', guard=True, copy=True)
        with paperio.VectorEnv(3, **kw) as env:
            env.reset(seed=4)
            for i in range(3):
                obs, info = env.start(i, 7)
            self.assertEqual(info['game'].tolist(), [7, 7, 7])
            self.assertEqual(info['player'].tolist(), [2, 2, 2])  # odd games: the agent moves second
            moves, at25, apart = [], None, False
            for t in range(40):
                ok = np.flatnonzero(info['guard'][0])
                a = int(ok[t // 4 % len(ok)]) if len(ok) else 1
                moves.append(a)
                other = a if t != 15 else int((set(range(3)) - {a}).pop())
                obs, _, term, _, info = env.step(np.array([a, a, other]))
                if term.any():
                    break
                for k in ('planes', 'global', 'scalars'):
                    np.testing.assert_array_equal(obs[k][0], obs[k][1])
                same = all((obs[k][0] == obs[k][2]).all() for k in ('planes', 'global', 'scalars'))
                self.assertTrue(same or t >= 15, t)
                apart = apart or not same
                if t == 24:
                    at25 = {k: v[0].copy() for k, v in obs.items()}
            self.assertTrue(apart and at25 is not None, len(moves))
            env.start(1, 7)
            obs, info = env.replay(1, moves[:25])
            self.assertEqual(info['half_steps'][1], 51)  # the opponent moved first
            for k in ('planes', 'global', 'scalars'):
                np.testing.assert_array_equal(obs[k][1], at25[k])
            obs, _, _, _, info = env.step_some([2], [1])
            self.assertEqual(info['half_steps'][1], 51)  # left as it was
            np.testing.assert_array_equal(obs['planes'][1], at25['planes'])
            with self.assertRaises(paperio.Error):
                env.replay(0, [0, 5])
            with self.assertRaises(paperio.Error):
                env.step_some([0, 1], [1])


class BadInput(unittest.TestCase):
    def setUp(self):
        self.env = paperio.VectorEnv(2, opponent='random', view='crop11', width=20, height=15, turns=20)

    def tearDown(self):
        self.env.close()

    def assertRefused(self, fn, words):
        with self.assertRaises(paperio.Error) as cm:
            fn()
        msg = str(cm.exception)
        self.assertIn(words, msg)
        self.assertNotIn('\n', msg)

    def test_actions(self):
        self.assertRefused(lambda: self.env.step([0, 1]), 'before reset')
        self.env.reset(seed=1)
        self.assertRefused(lambda: self.env.step([0, 1, 2]), 'shape (3,)')
        self.assertRefused(lambda: self.env.step([[0, 1]]), 'shape (1, 2)')
        self.assertRefused(lambda: self.env.step(np.array([0.0, 1.0])), 'dtype float64')
        self.assertRefused(lambda: self.env.step(['L', 'R']), 'dtype <U1')
        self.assertRefused(lambda: self.env.step([0, 3]), 'actions[1] = 3')
        self.assertRefused(lambda: self.env.step(np.array([-1, 0], np.int8)), 'actions[0] = -1')
        self.env.step(np.array([2, 0], np.uint8))  # any integer dtype does

    def test_closed(self):
        self.env.reset(seed=1)
        self.env.close()
        self.assertRefused(lambda: self.env.step([0, 1]), 'closed')
        self.assertRefused(lambda: self.env.reset(seed=1), 'closed')
        self.env.close()  # twice is fine

    def test_options(self):
        self.assertRefused(lambda: paperio.VectorEnv(2, opponent='nosuchbot'), 'opponent: ')
        self.assertRefused(lambda: paperio.VectorEnv(2, opponent='heuristic:margin=99'), 'margin')
        self.assertRefused(lambda: paperio.VectorEnv(0), 'envs 0')
        self.assertRefused(lambda: paperio.VectorEnv(2, view='crop4'), 'crop 4')
        self.assertRefused(lambda: paperio.VectorEnv(2, view='big'), "'big'")
        self.assertRefused(lambda: paperio.VectorEnv(2, width=7), 'board width 7')
        self.assertRefused(lambda: paperio.VectorEnv(2, player=3), 'player 3')
        self.assertRefused(lambda: paperio.VectorEnv(2, expert='nosuchbot'), 'expert: ')
        self.assertRefused(lambda: paperio.VectorEnv(2, autoreset_mode='never'), 'autoreset_mode')
        self.assertRefused(lambda: self.env.reset(seed='x'), 'seed')


if __name__ == '__main__':
    unittest.main()
