"""The behaviour-cloning example end to end, small: the script writes the
policy and the course AI, and the AI plays through the py: bridge."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

from paperio import _lib  # noqa: E402


class BehaviourCloning(unittest.TestCase):
    def test_script_writes_a_course_ai_that_plays(self):
        with tempfile.TemporaryDirectory() as out:
            env = dict(os.environ, PYTHONPATH=os.path.dirname(_lib._HERE), OPENBLAS_NUM_THREADS='1')
            p = subprocess.run([sys.executable, '-m', 'paperio.examples.bc', out, '--games', '10', '--epochs', '1',
                                '--dagger', '1', '--hidden', '16,8'], env=env, capture_output=True, text=True)
            self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
            self.assertRegex(p.stdout.splitlines()[0], r'^numpy BLAS: \S+')
            self.assertIn('DAgger round 1', p.stdout)
            self.assertRegex(p.stdout, r'quick check against random: \d+ won')
            w = np.load(os.path.join(out, 'policy.npz'))
            meta = json.loads(bytes(w['meta']).decode('utf-8'))
            self.assertEqual((meta['format'], meta['towers'], meta['hidden']),
                             ('paperio-policy', [{'view': 'crop11', 'conv': []}], [16, 8]))
            self.assertEqual(w['fc.0.weight'].shape, (16, 7 * 11 * 11 + 24))
            self.assertEqual(w['pi.weight'].shape, (3, 8))
            # The course AI through the py: bridge and the same file played
            # natively (docs/POLICY.md) make the same game, move for move.
            actions = []
            for spec, extra in (('py:' + os.path.join(out, 'ai.py'), ['--python', sys.executable]),
                                ('policy:' + os.path.join(out, 'policy.npz'), [])):
                record = os.path.join(out, 'game%d.jsonl' % len(actions))
                play = subprocess.run([_lib.cli(), 'play', '--p1', spec, '--p2', 'wanderer', '--turns', '300',
                                       '--seed', '3', '--record', record] + extra, capture_output=True, text=True)
                self.assertEqual(play.returncode, 0, play.stdout + play.stderr)
                self.assertRegex(play.stdout, r'wins|draw')
                self.assertIn('failures: none', play.stdout)
                with open(record) as f:
                    actions.append(json.loads(f.readline())['actions'])
            self.assertGreater(len(actions[0]), 50)
            self.assertEqual(actions[0], actions[1])

    def test_dagger_games_go_on_from_round_to_round(self):
        from paperio.examples import bc
        layers = bc.init_layers([7 * 11 * 11 + 24, 8, 3], 1)
        rounds_left = bc.SCALARS.index('rounds_left')
        for persistent, later in ((True, True), (False, False)):
            games = bc.Collector('random', opponents=('random',), envs=2, seed=1, persistent=persistent)
            first = games.collect(layers, steps=5)
            second = games.collect(layers, steps=5)
            games.close()
            self.assertEqual(len(first[2]), 10)
            # Against random no game ends within ten moves: the second round
            # goes on where the first stopped, or starts again.
            self.assertEqual(second[1][:, rounds_left].max() < first[1][:, rounds_left].min(), later)

    def test_bad_arguments(self):
        env = dict(os.environ, PYTHONPATH=os.path.dirname(_lib._HERE))
        p = subprocess.run([sys.executable, '-m', 'paperio.examples.bc', '/tmp/x', '--games', '0'], env=env,
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 2)
        self.assertIn('--games and --epochs must be positive', p.stderr)


if __name__ == '__main__':
    unittest.main()
