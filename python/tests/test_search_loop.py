"""The search in the loop (--algo search): its gate admits a stronger
player and refuses a weaker one; a generation starts only when one fits in
the budget; a run killed in a generation goes on with
that generation, its numbers neither skipped nor repeated, and ends with
its results, its own games played by the search careful once wary; its flags
and their bad values."""

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

from paperio import train  # noqa: E402
from paperio.train import search_loop  # noqa: E402
from test_train_command import command  # noqa: E402

BOARD = search_loop.board_flags(20, 20, 60)
# A board, a network and budgets whose generations take seconds.
TINY = ['--recipe', 'single', '--algo', 'search', '--init', 'scratch', '--width', '20', '--height', '20', '--turns',
        '60', '--hidden', '16', '--threads', '1', '--search-games', '4', '--search-gate-games', '2',
        '--search-eval-every', '1', '--search-eval-games', '2', '--search-final-games', '2',
        '--search-league', 'heuristic,goround', '--search-batch', '64', '--search-buffer', '2']


class Gate(unittest.TestCase):
    def test_it_admits_a_stronger_player_and_refuses_a_weaker_one(self):
        up = search_loop.gate('heuristic', 'random', 6, 0.55, seed=3, board=BOARD)
        self.assertEqual(up.games, 6)
        self.assertTrue(up.admitted, up)
        down = search_loop.gate('random', 'heuristic', 6, 0.55, seed=3, board=BOARD)
        self.assertEqual(down.games, 6)
        self.assertFalse(down.admitted, down)
        self.assertGreater(up.score, down.score)
        even = search_loop.GateResult(3, 2, 3, 0.5)
        self.assertEqual((even.score, even.admitted), (0.5, True))  # the threshold itself admits


class Budget(unittest.TestCase):
    def test_a_generation_starts_only_when_one_fits_in_the_budget(self):
        from types import SimpleNamespace

        def trainer(seconds, gens, took, minutes=1.0):
            tot = {'selfplay': took * 0.7, 'train': took * 0.2, 'gate': took * 0.1, 'eval': 0.0}
            if gens is not None:
                tot['generations'] = gens
            return SimpleNamespace(seconds=seconds, minutes=minutes, iteration=gens or 0, until=None,
                                   search={'totals': tot} if gens is not None else None)

        self.assertTrue(search_loop.fits(trainer(0.0, None, 0.0)))  # the first always starts
        self.assertTrue(search_loop.fits(trainer(0.0, 0, 0.0)))
        self.assertTrue(search_loop.fits(trainer(40.0, 2, 40.0)))  # 20 s a generation, 20 s left
        self.assertFalse(search_loop.fits(trainer(45.0, 2, 45.0)))  # 22.5 s a generation, 15 s left
        self.assertFalse(search_loop.fits(trainer(61.0, 1, 61.0)))  # spent
        self.assertTrue(search_loop.fits(trainer(45.0, 2, 45.0, minutes=2.0)))  # a longer budget goes on
        self.assertTrue(search_loop.done(trainer(45.0, 2, 45.0)))
        self.assertFalse(search_loop.done(trainer(40.0, 2, 40.0)))
        old = trainer(45.0, 2, 45.0)  # a state saved before the count: its first best tells where the loop began
        del old.search['totals']['generations']
        old.iteration, old.search['bests'] = 32, ['/run/bests/g0030.npz', '/run/bests/g0031.npz']
        self.assertEqual(search_loop.generations(old), 2)
        self.assertFalse(search_loop.fits(old))
        old.search['bests'] = ['/run/bests/g0000.npz']  # 32 generations of 1.4 s: 15 s left is room for one
        self.assertEqual(search_loop.generations(old), 32)
        self.assertTrue(search_loop.fits(old))
        old.iteration, old.search['bests'] = 10003, ['/run/bests/g10000.npz']  # names past four digits
        self.assertEqual(search_loop.generations(old), 3)


class Loop(unittest.TestCase):
    def test_a_killed_run_goes_on_and_ends_with_its_results(self):
        env = dict(os.environ, PYTHONPATH=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, 'run')
            cmd = [sys.executable, '-m', 'paperio.train', out, '--minutes', '0.3', '--seed', '2', '--quiet'] + TINY
            p = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            gens = os.path.join(out, 'log', 'generations.parquet')
            deadline = time.time() + 60
            while not os.path.exists(gens) and time.time() < deadline and p.poll() is None:
                time.sleep(0.2)
            time.sleep(1.0)  # into the second generation's games
            p.send_signal(signal.SIGKILL)
            p.wait()
            self.assertTrue(os.path.exists(gens), p.stderr.read())
            p.stderr.close()
            before = [r['iteration'] for r in train.read_log(out, 'generations')]
            q = subprocess.run(cmd, env=env, capture_output=True, text=True)
            self.assertEqual(q.returncode, 0, q.stderr)
            rows = train.read_log(out, 'generations')
            its = [r['iteration'] for r in rows]
            self.assertEqual(its, list(range(1, len(its) + 1)))
            self.assertGreater(len(its), len(before))
            self.assertEqual([r['iteration'] for r in train.read_log(out, 'iterations')], its)
            for r in rows:
                self.assertGreater(r['rows'], 0)
                self.assertEqual(r['gate_games'], 2)
                self.assertGreater(r['selfplay_seconds'], 0)
            evals = train.read_log(out, 'evals')
            self.assertEqual({(e['line'], e['opponent']) for e in evals},
                             {(a, b) for a in ('policy', 'netsearch') for b in ('search', 'heuristic')})
            self.assertTrue(all(e['wins'] + e['draws'] + e['losses'] == 2 for e in evals))
            # The loop's own games play the search careful once wary (cut=0).
            with open(os.path.join(out, 'games', 'g%04d' % its[-1], 'self', 'manifest.json')) as f:
                pairs = json.load(f)['run']['pairs']
            self.assertTrue(pairs and all(pr[k].startswith('netsearch:cut=0:' + os.path.join(out, 'bests', 'g'))
                                          for pr in pairs for k in ('p1', 'p2')), pairs)
            # The replay buffer keeps the last two generations' games.
            self.assertEqual(sorted(os.listdir(os.path.join(out, 'games'))),
                             ['g%04d' % g for g in its[-2:]])
            with open(os.path.join(out, 'results.json')) as f:
                res = json.load(f)
            self.assertEqual(set(res['results']), {'policy', 'netsearch'})
            self.assertIn('heuristic', res['results']['netsearch'])
            self.assertEqual(sum(res['results']['policy']['random'][k] for k in ('wins', 'draws', 'losses')), 2)
            self.assertTrue(os.path.exists(os.path.join(out, 'policy.npz')))
            # Run again when it is done: it prints the results, plays nothing.
            again = subprocess.run(cmd[:-len(TINY)] + TINY, env=env, capture_output=True, text=True)
            self.assertEqual(again.returncode, 0, again.stderr)
            self.assertEqual([r['iteration'] for r in train.read_log(out, 'generations')], its)
            self.check_curve(out, env, rows)

    def check_curve(self, out, env, gens):
        """python3 -m paperio.train.curve OUT measures the loop's first best
        and its last on the run's board, a row per network and line in
        OUT/log/curve.parquet, and run again plays nothing."""
        last = max([0] + [g['iteration'] for g in gens if g['admitted']])
        cmd = [sys.executable, '-m', 'paperio.train.curve', out, '--games', '2', '--every', '0', '--against',
               'heuristic']
        p = subprocess.run(cmd, env=env, capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        rows = train.read_log(out, 'curve')
        want = {('g%04d' % it, line) for it in (0, last) for line in ('netsearch', 'policy')}
        self.assertEqual({(r['player'], r['line']) for r in rows}, want)
        self.assertEqual(len(rows), len(want))
        for r in rows:
            self.assertEqual((r['opponent'], r['wins'] + r['draws'] + r['losses']), ('heuristic', 2))
        self.assertIn('against heuristic', p.stdout)
        again = subprocess.run(cmd, env=env, capture_output=True, text=True)
        self.assertEqual((again.returncode, again.stdout), (0, ''), again.stderr)
        self.assertEqual(len(train.read_log(out, 'curve')), len(want))
        bad = subprocess.run(cmd[:3] + [os.path.dirname(out)], env=env, capture_output=True, text=True)
        self.assertEqual(bad.returncode, 2)
        self.assertIn('no admitted networks', bad.stderr)


class Flags(unittest.TestCase):
    def test_the_flags_are_in_help_and_bad_values_are_one_line(self):
        from paperio.train import cli
        help = cli.parser().format_help()
        for flag in ('--search-games', '--search-gate-games', '--search-gate-score', '--search-buffer',
                     '--search-lr', '--search-anchors', '--search-final-games', 'search (default)'):
            self.assertIn(flag, help)
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, 'run')
            for args, want in ((['--search-gate-score', '2'], '--search-gate-score 2'),
                               (['--search-games', '0'], '--search-games 0'),
                               (['--search-lr', 'nan'], '--search-lr'),
                               (['--search-buffer', 'x'], '--search-buffer')):
                code, err = command(out, *args)
                self.assertEqual(code, 2, (args, err))
                self.assertIn(want, err)
                self.assertEqual(len(err.strip().splitlines()), 1, err)
                self.assertFalse(os.path.exists(out), args)


if __name__ == '__main__':
    unittest.main()
