"""The trainer: its reward, the league's PFSP draws, a few iterations on a
small board that write the checkpoints, the state and the log, and a run
that goes on where the last one stopped."""

import os
import subprocess
import sys
import tempfile
import unittest

import numpy as np
import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

import paperio  # noqa: E402
from paperio import policy, train  # noqa: E402

SMALL = dict(envs=4, steps=8, minibatches=2, width=20, height=20, turns=10, hidden=(16,), snapshot_every=2)


class Reward(unittest.TestCase):
    def test_territory_exposure_and_result(self):
        s = train.Settings()
        before = np.zeros((3, 24), np.float32)
        after = np.zeros((3, 24), np.float32)
        after[0, train.OWN_AREA] = 0.01  # enclosed 1 % of the board
        after[1, train.ENEMY_AREA] = 0.02  # the enemy took 2 %
        after[2, train.BAND_TO_ENEMY], after[2, train.HOME_DIST] = 0.05, 0.1  # band exposed
        after[:2, train.BAND_TO_ENEMY] = -1  # no band
        r = train.shaped_reward(s, before, after, np.array([0, -1, 1], np.float32))
        np.testing.assert_allclose(r, [0.1, -0.2 - 1, -0.02 + 1], rtol=1e-5)


class Dagger(unittest.TestCase):
    def test_the_expert_plays_its_games_the_learner_the_rest(self):
        greedy = torch.tensor([0, 1, 2, 2])
        expert = torch.tensor([2, 0, -1, 1])
        driver = torch.tensor([True, False, True, True])
        # game 2 has no answer (its end): the learner's move stands
        self.assertEqual(train.dagger_actions(greedy, expert, driver).tolist(), [2, 1, 2, 1])

    def test_the_aggregate_keeps_the_latest_rows(self):
        agg = train.Aggregate(5)
        for k in range(3):  # rows 0..2, 3..5, 6..8: 4 to 8 are kept
            ids = torch.arange(3 * k, 3 * k + 3)
            agg.add([ids[:, None].to(torch.uint8)], ids[:, None].float(), torch.ones((3, 3), dtype=torch.bool),
                    ids, ids.float())
        self.assertEqual(agg.size, 5)
        (p,), sc, safe, e, ret = agg.draw(200, np.random.default_rng(1))
        self.assertEqual(set(e.tolist()), {4, 5, 6, 7, 8})  # every kept row is drawn, no older one
        self.assertTrue(torch.equal(p[:, 0].long(), e) and torch.equal(sc[:, 0], ret))  # a row's columns stay together
        self.assertEqual(p.dtype, torch.uint8)


class ScalarGain(unittest.TestCase):
    def test_the_scalars_weights_start_and_move_gain_times_as_far(self):
        with tempfile.TemporaryDirectory() as out:
            plain = train.Trainer(os.path.join(out, 'a'), seed=2, league='random', progress=None,
                                  settings=train.Settings(**SMALL))
            t = train.Trainer(os.path.join(out, 'b'), seed=2, league='random', progress=None,
                              settings=train.Settings(scalar_gain=4.0, **SMALL))
            w0, w = plain.net.fc[0].weight, t.net.fc[0].weight
            torch.testing.assert_close(w[:, -24:], 4 * w0[:, -24:])
            torch.testing.assert_close(w[:, :-24], w0[:, :-24])
            before = w.detach().clone()
            for p in t.net.parameters():
                p.grad = torch.ones_like(p)
            t._step()  # Adam's first step: lr times the gradient's sign, per weight
            moved = (before - w.detach()).abs()
            torch.testing.assert_close(moved[:, :-24], torch.full_like(moved[:, :-24], 3e-4), rtol=1e-3, atol=1e-7)
            torch.testing.assert_close(moved[:, -24:], torch.full_like(moved[:, -24:], 12e-4), rtol=1e-3, atol=1e-7)


class League(unittest.TestCase):
    def test_pfsp_draws_the_members_that_still_win(self):
        s = train.Settings(pfsp='hard')
        lg = train.League(['random', 'heuristic'], s, np.random.default_rng(1))
        for _ in range(50):
            lg.record('random', 1)
            lg.record('heuristic', -1)
        members, w = lg.weights()
        self.assertEqual(members, ['random', 'heuristic'])
        self.assertGreater(w[1], 10 * w[0])
        self.assertGreater(w[0], 0)  # a beaten member is still measured
        draws = lg.sample(1000)
        self.assertGreater(draws.count('heuristic'), 900)
        rows = lg.rows({'iteration': 1})
        byname = {r['opponent']: r for r in rows}
        self.assertEqual((byname['random']['wins'], byname['random']['window']), (50, 50))
        self.assertEqual(byname['heuristic']['win_rate'], 0.0)
        self.assertLess(byname['heuristic']['high'], 0.1)
        self.assertEqual(lg.rows({'iteration': 2})[0]['wins'], 0)  # counts start again

    def test_a_floor_raises_a_members_share(self):
        s = train.Settings(league_floor='heuristic:0.4')
        lg = train.League(['random', 'goround', 'heuristic'], s, np.random.default_rng(1))
        for _ in range(100):
            lg.record('random', 1)
            lg.record('goround', 1)
            lg.record('heuristic', -1)
        members, w = lg.weights()
        self.assertAlmostEqual(w.sum(), 1)
        self.assertAlmostEqual(w[2], 0.4)
        self.assertAlmostEqual(w[0], w[1])  # the others keep their proportions
        s.league_floor = ''
        self.assertLess(lg.weights()[1][2], 0.4)
        plain = lg.weights()[1]
        s.league_floor = 'goround:%g' % (plain[1] / 2)  # a member already above its floor keeps its share
        np.testing.assert_allclose(lg.weights()[1], plain)
        self.assertEqual(train.parse_floor('heuristic:0.3, random:0.1'), {'heuristic': 0.3, 'random': 0.1})

    def test_pfsp_var_draws_the_even_matches(self):
        lg = train.League(['random', 'goround', 'heuristic'], train.Settings(), np.random.default_rng(1))
        for k in range(100):
            lg.record('random', 1)
            lg.record('goround', 1 if k % 2 else -1)
            lg.record('heuristic', -1)
        members, w = lg.weights()
        self.assertGreater(w[1], 3 * w[0])
        self.assertGreater(w[1], 3 * w[2])

    def test_self_keeps_the_latest_snapshots(self):
        s = train.Settings(self_keep=2)
        lg = train.League(['random', 'self'], s, np.random.default_rng(1))
        for k in range(4):
            lg.add_snapshot('policy:it%d.npz' % k)
        self.assertEqual(lg.members(), ['random', 'policy:it2.npz', 'policy:it3.npz'])

    def test_bad_league(self):
        for bad in ('', 'self', 'random,random', 'nosuchbot'):
            with self.assertRaises(paperio.Error):
                train.parse_league(bad)


EXIT = dict(algo='exit', exit_games=4, exit_points=3, exit_envs=6, width=30, height=30, turns=60, hidden=(16,),
            snapshot_every=2, guard=True)


class Exit(unittest.TestCase):
    def test_advantages_over_the_greedy_move(self):
        adv = train.exit_advantages(1, {1: 0.2, 2: 0.7, 0: -1.0})
        np.testing.assert_allclose(adv, [-1.2, 0, 0.5], rtol=1e-6)
        np.testing.assert_array_equal(train.exit_advantages(2, {2: 0.5}), [0, 0, 0])  # none played out

    def test_the_loss_prefers_the_move_with_the_better_mean(self):
        # One look, two states: move 0 gains 1.0 in one and loses 0.5 in the
        # other (mean +0.25): learned, it is preferred to the greedy move 1;
        # with a loss of 1.5 instead (mean -0.25) the greedy move is kept.
        for lose, want in ((-0.5, 0), (-1.5, 1)):
            logits = torch.zeros((1, 3), requires_grad=True)
            opt = torch.optim.SGD([logits], lr=0.5)
            greedy = torch.tensor([1, 1])
            adv = torch.tensor([[1.0, 0, 0], [lose, 0, 0]])
            for _ in range(300):
                loss = train.exit_loss(torch, logits.expand(2, 3), greedy, adv, 0.0)
                opt.zero_grad()
                loss.backward()
                opt.step()
            self.assertEqual(int(logits.argmax()), want, (lose, logits))
        # Where nothing beat the greedy move, confirm holds it.
        logits = torch.tensor([[2.0, 0.0, 0.0]])
        none = torch.zeros((1, 3))
        self.assertEqual(float(train.exit_loss(torch, logits, torch.tensor([1]), none, 0.0)), 0.0)
        self.assertGreater(float(train.exit_loss(torch, logits, torch.tensor([1]), none, 0.1)), 0.2)

    def test_points_where_more_than_one_move_is_allowed(self):
        allowed = np.zeros((50, 3), bool)
        allowed[:, 1] = True
        allowed[[3, 10, 20, 30, 40], 0] = True
        base = {'allowed': allowed, 'p': np.full(50, 0.9, np.float32)}
        base['p'][10] = 0.4
        rng = np.random.default_rng(1)
        self.assertEqual(train.exit_points(base, 9, rng).tolist(), [3, 10, 20, 30, 40])
        drawn = np.concatenate([train.exit_points(base, 1, rng) for _ in range(400)])
        self.assertTrue(set(drawn) <= {3, 10, 20, 30, 40})
        self.assertGreater((drawn == 10).mean(), 0.3)  # the doubtful move is drawn most (uniform: 0.2)
        base['allowed'][:, 0] = False
        self.assertEqual(len(train.exit_points(base, 3, rng)), 0)

    def test_a_lost_game_gives_hindsight_to_its_last_moves(self):
        # 200 moves, two allowed at each: the last 50 are a quarter of the
        # candidates. In a lost game, hindsight 0.5 draws them at 0.5 +
        # 0.5 / 4; in a won or drawn one, and without hindsight, at 1 / 4.
        allowed = np.ones((200, 3), bool)
        allowed[:, 2] = False
        rng = np.random.default_rng(2)

        def late_share(result, hindsight, turns=0):
            base = {'allowed': allowed, 'p': np.full(200, 0.6, np.float32), 'result': result}
            drawn = np.concatenate([train.exit_points(base, 1, rng, hindsight=hindsight, window=50, turns=turns)
                                    for _ in range(2000)])
            return (drawn >= 150).mean()

        self.assertGreater(late_share(-1.0, 0.5), 0.56)
        # Lost before the last round of 201, it gets hindsight; lost on area
        # at the last round (200 moves of 200), none.
        self.assertGreater(late_share(-1.0, 0.5, turns=201), 0.56)
        self.assertLess(late_share(-1.0, 0.5, turns=200), 0.31)
        self.assertLess(late_share(1.0, 0.5), 0.31)
        self.assertLess(late_share(None, 0.5), 0.31)
        self.assertLess(late_share(-1.0, 0.0), 0.31)
        self.assertGreater(late_share(-1.0, 1.0), 0.99)

    def test_a_playout_of_the_greedy_move_is_its_baseline(self):
        # Deterministic players: the baseline's game replayed to move t and
        # played on greedily from there ends as the baseline did, to the
        # last move; another move there plays another game.
        with tempfile.TemporaryDirectory() as out:
            s = train.Settings(**dict(EXIT, turns=150))
            t = train.Trainer(out, seed=2, league='heuristic', settings=s, progress=None, threads=1)
            env = paperio.VectorEnv(4, opponents=['heuristic'] * 4, player=0, view=s.view, width=30, height=30,
                                    turns=150, autoreset_mode='same_step', guard=True)
            env.reset(seed=6)
            roll = train.Rollouts(t, env)
            none = np.zeros(0, np.int64)
            bases = roll.play([{'spec': 'heuristic', 'game': g, 'prefix': none, 'move': -1} for g in range(3)],
                              trace=150)
            jobs, other = [], []
            for g, b in enumerate(bases):
                self.assertEqual(len(b['action']), b['moves'])
                k = b['moves'] // 2
                jobs.append({'spec': 'heuristic', 'game': g, 'prefix': b['action'][:k].astype(np.int64),
                             'move': int(b['action'][k])})
                alt = np.flatnonzero(b['allowed'][k] & (np.arange(3) != b['action'][k]))
                if len(alt):
                    other.append(len(jobs))
                    jobs.append(dict(jobs[-1], move=int(alt[0])))
            outs = roll.play(jobs)
            same = [o for j, o in zip(jobs, outs) if j['move'] == bases[j['game']]['action'][len(j['prefix'])]]
            self.assertEqual(len(same), 3)
            for j, o in zip(jobs, outs):
                b = bases[j['game']]
                if o in same:
                    self.assertEqual((o['score'], o['moves'], o['result']), (b['score'], b['moves'], b['result']))
                self.assertEqual(o['planes'][0].shape, (7, 11, 11))
            self.assertTrue(other, 'no point allowed another move')
            self.assertTrue(any(outs[k]['score'] != bases[jobs[k]['game']]['score'] or
                                outs[k]['moves'] != bases[jobs[k]['game']]['moves'] for k in other))
            # A horizon stops the play-out: its score is the territory then.
            b = bases[0]
            stopped = roll.play([{'spec': 'heuristic', 'game': 0, 'prefix': b['action'][:5].astype(np.int64),
                                  'move': int(b['action'][5]), 'stop': 10}])[0]
            if b['moves'] > 10:
                self.assertEqual(stopped['moves'], 10)
                self.assertIsNone(stopped['result'])
                self.assertAlmostEqual(stopped['score'], train.baseline_score(s, b, 5, 10), places=6)
            env.close()

    def test_two_lanes_play_the_games_of_one(self):
        # Split over two VectorEnvs, one stepping while the network chooses
        # the other's moves, the jobs end as they do in one: a job is a
        # function of its game number, prefix and deviation.
        with tempfile.TemporaryDirectory() as out:
            s = train.Settings(**dict(EXIT, turns=120))
            t = train.Trainer(out, seed=3, league='heuristic', settings=s, progress=None, threads=1)

            def env(n):
                e = paperio.VectorEnv(n, opponents=['wanderer'] * n, player=0, view=s.view, width=30, height=30,
                                      turns=120, autoreset_mode='same_step', guard=True)
                e.reset(seed=9)
                return e
            one, two = train.Rollouts(t, env(6)), train.Rollouts(t, [env(3), env(3)])
            none = np.zeros(0, np.int64)
            specs = ['wanderer', 'heuristic', 'goround']
            jobs = [{'spec': specs[g % 3], 'game': g, 'prefix': none, 'move': -1} for g in range(10)]
            a, b = one.play(jobs, trace=120), two.play(jobs, trace=120)
            for x, y in zip(a, b):
                self.assertEqual((x['moves'], x['result'], x['score']), (y['moves'], y['result'], y['score']))
                self.assertTrue((x['action'] == y['action']).all())
            dev = [{'spec': j['spec'], 'game': j['game'], 'prefix': x['action'][:7].astype(np.int64),
                    'move': (int(x['action'][7]) + 1) % 3, 'stop': 40} for j, x in zip(jobs, a)]
            for x, y in zip(one.play(dev), two.play(dev)):
                self.assertEqual((x['moves'], x['result'], x['score']), (y['moves'], y['result'], y['score']))
                self.assertTrue((x['planes'][0] == y['planes'][0]).all())
            self.assertGreater(two.steps, 0)
            self.assertEqual(one.steps, two.steps)
            two.close()
            for r in (one, two):
                for e in r.envs:
                    e.close()

    def test_the_way_penalty_steers_the_playouts_and_is_saved(self):
        # With the way's cells soft at B, the play-outs choose by the logits
        # less B for the moves those cells alone forbid: a huge B never
        # takes one where another move is allowed, B = 0 does in some
        # states; a run saves B as the policy's exposure_way_soft.
        guard = dict(guard=True, guard_margin=3, guard_way=True, guard_way_soft=True)
        with tempfile.TemporaryDirectory() as out:
            s = train.Settings(**dict(EXIT, turns=150, **guard))
            t = train.Trainer(out, seed=2, league='heuristic', settings=s, progress=None, threads=1)
            with torch.no_grad():  # straight on whenever allowed: out into the open, where ways are long
                t.net.pi.weight.zero_()
                t.net.pi.bias.copy_(torch.tensor([0.0, 1.0, 0.0]))
            env = paperio.VectorEnv(4, opponents=['heuristic'] * 4, player=0, view=s.view, width=30, height=30,
                                    turns=150, autoreset_mode='same_step', guard=True, guard_margin=3,
                                    guard_way=True, guard_way_soft=True)
            env.reset(seed=6)
            roll = train.Rollouts(t, env)
            none = np.zeros(0, np.int64)
            jobs = [{'spec': 'heuristic', 'game': g, 'prefix': none, 'move': -1} for g in range(8)]
            taken = {}
            for b in (0.0, 1e4):
                t.s.way_soft = b
                n = 0
                for o in roll.play(jobs, trace=150):
                    k = np.arange(o['moves'])
                    reach = o['reach'][k, o['action']]
                    other = (o['allowed'] & ~o['reach']).any(1)
                    self.assertTrue(o['allowed'][k, o['action']].all())
                    n += int((reach & other).sum())
                taken[b] = n
            self.assertGreater(taken[0.0], 0)
            self.assertEqual(taken[1e4], 0)
            # With the toward moves at G instead: a huge G never takes one
            # where a move not toward the enemy is allowed, and still takes
            # the other moves of the reach.
            t.s.way_soft, t.s.way_toward = 0.0, 1e4
            toward = aside = offered = 0
            for o in roll.play(jobs, trace=150):
                k = np.arange(o['moves'])
                other = (o['allowed'] & ~o['toward']).any(1)
                offered += int((o['toward'].any(1) & other).sum())
                self.assertFalse((o['toward'] & ~o['reach']).any())
                toward += int((o['toward'][k, o['action']] & other).sum())
                aside += int((o['reach'][k, o['action']] & ~o['toward'][k, o['action']]).sum())
            self.assertGreater(offered, 0)
            self.assertEqual(toward, 0)
            self.assertGreater(aside, 0)
            env.close()
        with tempfile.TemporaryDirectory() as out:
            s = train.Settings(**dict(EXIT, way_soft=2.0, **guard))
            train.Trainer(out, seed=1, league='heuristic,self', settings=s, progress=None, threads=1,
                          iterations=2).run()
            self.assertEqual(policy.load(os.path.join(out, 'policy.npz')).meta['exposure_way_soft'], 2.0)
        with tempfile.TemporaryDirectory() as out:
            s = train.Settings(**dict(EXIT, way_soft=2.0, way_toward=20.0, **guard))
            train.Trainer(out, seed=1, league='heuristic', settings=s, progress=None, threads=1, iterations=1).run()
            meta = policy.load(os.path.join(out, 'policy.npz')).meta
            self.assertEqual((meta['exposure_way_soft'], meta['exposure_way_toward']), (2.0, 20.0))
        with tempfile.TemporaryDirectory() as out:  # PPO's update does not take the penalty
            with self.assertRaisesRegex(paperio.Error, 'algo exit'):
                train.Trainer(out, seed=1, league='heuristic', progress=None, threads=1,
                              settings=train.Settings(**dict(SMALL, way_soft=2.0, **guard)))

    def test_iterations_learn_from_playouts_then_resume(self):
        import io
        with tempfile.TemporaryDirectory() as out:
            log = io.StringIO()
            t = train.Trainer(out, seed=1, league='random,heuristic,self',
                              settings=train.Settings(**dict(EXIT, exit_hindsight=0.5)),
                              progress=log, threads=1, iterations=2)
            before = [p.clone() for p in t.net.parameters()]
            t.run()
            self.assertFalse(all(torch.equal(a, b) for a, b in zip(before, t.net.parameters())))
            for f in ('policy.npz', 'it0002.npz', 'state.pt'):
                self.assertTrue(os.path.exists(os.path.join(out, f)), f)
            lines = [x for x in log.getvalue().splitlines() if x.startswith('it ')]
            self.assertEqual(len(lines), 2)
            self.assertIn('(play-outs: ', lines[0])
            its = train.read_log(out, 'iterations')
            self.assertEqual([r['iteration'] for r in its], [1, 2])
            for r in its:
                self.assertEqual(r['games'], 4)
                self.assertGreater(r['steps'], 4 * 2)
                self.assertGreater(r['policy_loss'], 0)
                self.assertTrue(0 < r['learn_share'] < 1 and 0 < r['env_share'] < 1)
            m = train.read_log(out, 'matchups')
            self.assertEqual(sum(r['wins'] + r['draws'] + r['losses'] for r in m), 8)
            # Resumed: still play-outs, the iterations count on.
            t2 = train.Trainer(out, seed=1, progress=None, threads=1, iterations=1)
            self.assertEqual((t2.s.algo, t2.s.exit_hindsight, t2.s.exit_hindsight_area), ('exit', 0.5, False))
            t2.run()
            self.assertEqual([r['iteration'] for r in train.read_log(out, 'iterations')], [1, 2, 3])
            # A state saved before --exit-hindsight-area existed resumes
            # with the rule it ran under: hindsight for every loss.
            path = os.path.join(out, 'state.pt')
            st = torch.load(path)
            del st['settings']['exit_hindsight_area']
            torch.save(st, path)
            t3 = train.Trainer(out, seed=1, progress=None, threads=1, iterations=1)
            self.assertTrue(t3.s.exit_hindsight_area)

    def test_bc_start_then_playouts(self):
        with tempfile.TemporaryDirectory() as out:
            t = train.Trainer(out, seed=1, init='bc', league='goround', progress=None, threads=1, iterations=2,
                              settings=train.Settings(bc_iterations=1, **dict(SMALL, algo='exit', exit_games=2,
                                                                              exit_points=2, exit_envs=4)))
            t.run()
            its = train.read_log(out, 'iterations')
            self.assertEqual([r['games'] for r in its][1:], [2])  # the second: 2 baseline games
            self.assertEqual(t.iteration, 2)


class Run(unittest.TestCase):
    def test_iterations_write_policy_state_and_log_then_resume(self):
        with tempfile.TemporaryDirectory() as out:
            t = train.Trainer(out, seed=3, league='random,goround', settings=train.Settings(**SMALL), progress=None,
                              threads=1, iterations=2)
            t.run()
            for f in ('policy.npz', 'it0002.npz', 'state.pt'):
                self.assertTrue(os.path.exists(os.path.join(out, f)), f)
            net = policy.load(os.path.join(out, 'policy.npz'))
            self.assertEqual([t['view'] for t in net.meta['towers']], ['crop11', 'global15'])
            its = train.read_log(out, 'iterations')
            self.assertEqual([r['iteration'] for r in its], [1, 2])
            self.assertEqual(its[1]['steps'], 2 * 4 * 8)
            for r in its:
                self.assertGreater(r['steps_per_second'], 0)
                self.assertTrue(0 < r['learn_share'] < 1 and 0 <= r['env_share'] < 1)
                self.assertTrue(0 < r['entropy'] <= np.log(3) + 1e-6)
            m = train.read_log(out, 'matchups')
            self.assertEqual({r['opponent'] for r in m}, {'random', 'goround'})
            self.assertEqual({r['iteration'] for r in m}, {1, 2})
            ladder = train.read_log(out, 'ratings')
            self.assertIn('random', {r['player'] for r in ladder})

            # The same folder again goes on: the iterations count on.
            train.Trainer(out, seed=3, progress=None, threads=1, iterations=1).run()
            self.assertEqual([r['iteration'] for r in train.read_log(out, 'iterations')], [1, 2, 3])

            png = os.path.join(out, 'training.png')
            subprocess.run([paperio._lib.cli(), 'plot', 'training', '--data', out], check=True)
            self.assertGreater(os.path.getsize(png), 1000)

    def test_crop_alone(self):
        with tempfile.TemporaryDirectory() as out:
            t = train.Trainer(out, seed=3, league='random', settings=train.Settings(**dict(SMALL, view='crop7')),
                              progress=None, threads=1, iterations=1)
            t.run()
            net = policy.load(os.path.join(out, 'policy.npz'))
            self.assertEqual([t['view'] for t in net.meta['towers']], ['crop7'])
            self.assertEqual(policy.features(net.meta), 7 * 7 * 7 + 24)

    def test_past_selves_play_natively(self):
        with tempfile.TemporaryDirectory() as out:
            t = train.Trainer(out, seed=3, league='random,self', settings=train.Settings(**dict(SMALL, envs=8)),
                              progress=None, threads=1, iterations=5)
            t.run()
            snaps = ['policy:' + os.path.join(out, 'it000%d.npz' % k) for k in (2, 4)]
            self.assertEqual(t.league.members(), ['random'] + snaps)
            played = {r['opponent'] for r in train.read_log(out, 'matchups') if r['window'] > 0}
            self.assertIn(snaps[0], played)  # the snapshot of iteration 2 played games in iterations 3 to 5

    def test_bc_start_then_ppo(self):
        with tempfile.TemporaryDirectory() as out:
            t = train.Trainer(out, seed=1, init='bc', league='goround', progress=None, threads=1, iterations=2,
                              settings=train.Settings(bc_iterations=1, **SMALL))
            t.run()
            self.assertEqual(t.bc_left, 0)
            its = train.read_log(out, 'iterations')
            self.assertEqual(len(its), 2)
            self.assertGreater(its[0]['policy_loss'], 0)  # cross-entropy to heuristic's moves
            self.assertEqual(its[0]['approx_kl'], 0)  # no PPO in the cloning iteration
            self.assertNotEqual(its[1]['approx_kl'], 0)
            # The clone starts a new run: --init FILE.
            t2 = train.Trainer(os.path.join(out, 'next'), init=os.path.join(out, 'policy.npz'), league='random',
                               progress=None, threads=1, iterations=1, settings=train.Settings(**SMALL))
            for a, b in zip(t.net.parameters(), t2.net.parameters()):
                self.assertTrue(torch.equal(a, b))

    def test_ppo_regularised_toward_the_expert_then_alone(self):
        import io
        with tempfile.TemporaryDirectory() as out:
            log = io.StringIO()
            t = train.Trainer(out, seed=1, init='bc', league='goround', progress=log, threads=1, iterations=3,
                              settings=train.Settings(bc_iterations=1, bc_reg=0.5, bc_reg_iterations=1, **SMALL))
            self.assertEqual(t.reg_left, 1)
            t.run()
            self.assertEqual((t.bc_left, t.reg_left), (0, 0))
            lines = [x for x in log.getvalue().splitlines() if x.startswith('it ')]
            self.assertIn('(cloning heuristic', lines[0])
            self.assertIn('cross-entropy to heuristic', lines[1])
            self.assertIn('weight 0.50', lines[1])
            self.assertNotIn('cross-entropy', lines[2])
            self.assertEqual(len(train.read_log(out, 'iterations')), 3)

    def test_exposure_mask_temperature_and_anchor(self):
        import io
        with tempfile.TemporaryDirectory() as out:
            log = io.StringIO()
            s = train.Settings(bc_iterations=1, guard=True, guard_margin=3, guard_way=True, guard_way_soft=True,
                               temperature=0.5, anchor=2.0, **SMALL)
            t = train.Trainer(out, seed=1, init='bc', league='goround', progress=log, threads=1, iterations=2,
                              settings=s)
            t.run()
            meta = policy.load(os.path.join(out, 'policy.npz')).meta
            self.assertEqual((meta['mask_exposure'], meta['exposure_margin'], meta['exposure_way'], meta['exposure_way_soft']),
                             (True, 3, True, 0))
            lines = [x for x in log.getvalue().splitlines() if x.startswith('it ')]
            self.assertNotIn('KL from the start', lines[0])  # cloning
            self.assertIn('KL from the start', lines[1])
            self.assertIn('weight 2', lines[1])
            anchor = [p.clone() for p in t.anchor.parameters()]
            # Resumed, the anchor is the same network, not the policy it has become.
            t2 = train.Trainer(out, seed=1, progress=None, threads=1, iterations=1)
            self.assertEqual((t2.s.temperature, t2.s.guard, t2.s.anchor), (0.5, True, 2.0))
            for a, b in zip(anchor, t2.anchor.parameters()):
                self.assertTrue(torch.equal(a, b))
            self.assertFalse(all(torch.equal(a, b) for a, b in zip(anchor, t2.net.parameters())))
            t2.run()

    def test_masked_labels_are_not_learned(self):
        safe = torch.tensor([[True, False, True], [True, True, True], [False, False, False], [True, True, False]])
        expert = torch.tensor([1, 1, 2, -1])
        self.assertEqual(train.allowed_label(expert, safe).tolist(), [False, True, True, False])

    def test_command_refuses_bad_flags(self):
        from paperio.train import cli
        import contextlib
        import io
        with tempfile.TemporaryDirectory() as out:
            single = ['--recipe', 'single', '--mask', 'exposure']  # the mask's flags of one stage
            for args, want in ((['--minutes', '0'], '--minutes'), (['--league', 'nosuchbot'], 'nosuchbot'),
                               (['--init', os.path.join(out, 'none.npz')], '--init'), (['--hidden', '0'], '--hidden'),
                               (['--view', 'crop11+global4'], '--view'), (['--bc-iterations', '0'], '--bc-iterations'),
                               (['--scalar-gain', '0'], '--scalar-gain'), (['--bc-reg', '-1'], '--bc-reg'),
                               (['--league-floor', 'heuristic:2'], '--league-floor'),
                               (['--temperature', '0'], '--temperature'), (['--anchor', '-1'], '--anchor'),
                               (['--exposure', '-1'], '--exposure'),
                               (['--mask', 'band'], '--mask'), (['--algo', 'sarsa'], '--algo'),
                               (['--exit-points', '0'], '--exit-points'), (['--exit-horizon', '-1'], '--exit-horizon'),
                               (['--exit-lanes', '0'], '--exit-lanes'),
                               (['--exit-hindsight', '1.5'], '--exit-hindsight 1.5: want a share'),
                               (['--iterations', '0'], '--iterations'),
                               (['--mask-margin', '0'], '--mask-margin'),
                               (['--recipe', 'single', '--mask-margin', '3'], 'add --mask exposure'),
                               (['--recipe', 'single', '--mask-way'], '--mask-way: the way home'),
                               (single + ['--mask-way-soft'], '--mask-way-soft: the way\'s cells'),
                               (single + ['--mask-way', '--mask-way-soft', '-1'], 'at least 0'),
                               (single + ['--mask-way', '--mask-way-soft', '2'], 'add --algo exit'),
                               (single + ['--mask-way', '--mask-way-toward', '20'],
                                '--mask-way-toward: the moves toward'),
                               (single + ['--mask-way', '--mask-way-soft', '2', '--algo', 'exit',
                                          '--mask-way-toward', '-1'], 'at least 0'),
                               (single + ['--mask-way', '--mask-way-soft', '--mask-way-toward', '20'],
                                'add --algo exit'),
                               (['--league-floor', 'search:0.2'], 'search not in the league')):
                err = io.StringIO()
                with contextlib.redirect_stderr(err):
                    try:
                        code = cli.main([out] + args)
                    except SystemExit as e:
                        code = e.code
                self.assertEqual(code, 2, err.getvalue())
                self.assertIn(want, err.getvalue())
                self.assertEqual(len(err.getvalue().strip().splitlines()), 1, err.getvalue())

if __name__ == '__main__':
    unittest.main()
