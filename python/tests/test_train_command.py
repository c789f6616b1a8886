"""The trainer's command and what a run leaves: the flags made from
Settings, one line and exit code 2 for a bad value (nothing left behind),
the best recipe's two stages resumed in either, the flags a resumed run
ignores, the iteration in every weights file's meta, the league's past
selves, and the progress line's counts."""

import contextlib
import io
import math
import os
import re
import subprocess
import sys
import tempfile
import unittest
import zipfile

import numpy as np
import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

from paperio import policy, train  # noqa: E402
from paperio.train import cli, log, settings  # noqa: E402

# A board and budgets that train in seconds.
TINY = ['--width', '20', '--height', '20', '--turns', '30', '--envs', '4', '--steps', '8', '--hidden', '16',
        '--bc-iterations', '2', '--exit-games', '2', '--exit-points', '2', '--exit-envs', '4', '--snapshot-every', '1',
        '--threads', '1']
SMALL = dict(envs=4, steps=8, minibatches=2, width=20, height=20, turns=10, hidden=(16,), snapshot_every=2)


def command(*args):
    """Runs the command in this process: (exit code, stderr)."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        try:
            code = cli.main([str(a) for a in args])
        except SystemExit as e:
            code = e.code
    return code, err.getvalue()


def weights_files(folder):
    """A good weights file and damaged copies of it: truncated, with a
    byte of an array changed (its CRC-32 no longer matches), text, empty."""
    good = os.path.join(folder, 'good.npz')
    net = policy.PolicyNet({'towers': [{'view': 'crop11', 'conv': []}, {'view': 'global15', 'conv': []}],
                            'hidden': [16]})
    policy.save(net, good)
    with open(good, 'rb') as f:
        data = f.read()
    with zipfile.ZipFile(good) as z:
        first = z.infolist()[0]
    at = first.header_offset + 30 + len(first.filename) + len(first.extra) + 1000
    crc = bytearray(data)
    crc[at] ^= 0xff
    files = {'truncated': data[:len(data) // 2], 'crc': bytes(crc), 'text': b'not weights\n', 'empty': b''}
    for name, content in files.items():
        with open(os.path.join(folder, name + '.npz'), 'wb') as f:
            f.write(content)
    return good


class Flags(unittest.TestCase):
    def test_every_setting_has_its_flag_with_its_default(self):
        ap = cli.parser()
        flags = {s for a in ap._actions for s in a.option_strings}
        for name, f in settings.FIELDS.items():
            if f.metadata['flag'] is not None:
                self.assertIn(settings.flag_name(f), flags)
                self.assertTrue(f.metadata['help'])
        # The flags' defaults written out give the settings' defaults back.
        args = ['OUT']
        for name, f in settings.FIELDS.items():
            if f.metadata['flag'] is None or name in ('way_soft', 'way_toward'):
                continue
            if f.metadata['argparse'].get('action') == 'store_true':
                continue
            args += [settings.flag_name(f), settings.show(f, f.default)]
        s = train.Settings(**cli.overrides(ap.parse_args(args)))
        self.assertEqual(s.dict(), train.Settings().dict())
        self.assertEqual(len(settings.FIELDS), 72)  # the names state.pt has saved since the --search-* settings
        code, help = command('--help')
        self.assertEqual(code, 0, help)

    def test_bad_values_are_one_line_and_leave_nothing(self):
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, 'run')
            for args, want in ((['--minutes', 'abc'], '--minutes'), (['--minutes', 'nan'], '--minutes'),
                               (['--exposure', 'nan'], '--exposure'), (['--exit-lr', 'inf'], '--exit-lr'),
                               (['--threads', '0'], '--threads 0'), (['--seed', '-1'], '--seed -1'),
                               (['--nosuchflag'], 'nosuchflag'), (['--pfsp', 'soft'], '--pfsp'),
                               (['--recipe', 'best', '--init', 'bc'], '--recipe single'),
                               (['--recipe', 'fast'], '--recipe'), (['--width', '2'], '--width 2'),
                               (['--league', 'random,goround'], 'give --league-floor too'),
                               (['--mask-way-toward', '20'], '--mask-way-toward: the moves toward'),
                               (['--recipe', 'single', '--mask-margin', '3'], 'add --mask exposure')):
                code, err = command(out, *args)
                self.assertEqual(code, 2, (args, err))
                self.assertIn(want, err)
                self.assertEqual(len(err.strip().splitlines()), 1, err)
                self.assertFalse(os.path.exists(out), args)

    def test_a_damaged_init_file_is_named_in_one_line(self):
        with tempfile.TemporaryDirectory() as tmp:
            weights_files(tmp)
            for name, want in (('truncated', 'damaged or truncated'), ('crc', 'CRC-32 mismatch'),
                               ('text', 'not a zip archive'), ('empty', 'not a zip archive')):
                path = os.path.join(tmp, name + '.npz')
                for out in (os.path.join(tmp, 'new'), tmp):  # a new folder, or one that was there
                    code, err = command(out, '--init', path, '--threads', 1)
                    self.assertEqual(code, 2, err)
                    self.assertEqual(len(err.strip().splitlines()), 1, err)
                    self.assertIn(path, err)
                    self.assertIn(want, err)
                    self.assertFalse(os.path.exists(os.path.join(tmp, 'new')))
                    self.assertFalse(os.path.exists(os.path.join(tmp, 'log')))

    def test_the_module_runs_as_a_command(self):
        env = dict(os.environ, PYTHONPATH=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
        with tempfile.TemporaryDirectory() as tmp:
            weights_files(tmp)
            p = subprocess.run([sys.executable, '-m', 'paperio.train', os.path.join(tmp, 'run'), '--init',
                                os.path.join(tmp, 'crc.npz')], env=env, capture_output=True, text=True)
            self.assertEqual(p.returncode, 2, p.stderr)
            self.assertEqual(len(p.stderr.strip().splitlines()), 1, p.stderr)
            self.assertNotIn('Traceback', p.stderr)
            self.assertFalse(os.path.exists(os.path.join(tmp, 'run')))


class Recipe(unittest.TestCase):
    def test_best_clones_then_plays_out_and_goes_on_in_either_stage(self):
        with tempfile.TemporaryDirectory() as out:
            code, err = command(out, '--recipe', 'best', '--iterations', 1, '--seed', 1, '--quiet', *TINY)
            self.assertEqual(code, 0, err)
            clone = os.path.join(out, 'clone')
            self.assertEqual([r['iteration'] for r in train.read_log(clone, 'iterations')], [1])
            self.assertFalse(os.path.exists(os.path.join(out, 'state.pt')))
            # Killed in the clone: the same command finishes it, then plays out.
            code, err = command(out, '--recipe', 'best', '--iterations', 2, '--seed', 1, '--quiet', *TINY)
            self.assertEqual((code, err), (0, ''))
            self.assertEqual([r['iteration'] for r in train.read_log(clone, 'iterations')], [1, 2])
            self.assertEqual([r['iteration'] for r in train.read_log(out, 'iterations')], [1])
            # Killed in the play-outs: it goes on there.
            code, err = command(out, '--recipe', 'best', '--iterations', 1, '--seed', 1, '--quiet', *TINY)
            self.assertEqual((code, err), (0, ''))
            self.assertEqual([r['iteration'] for r in train.read_log(clone, 'iterations')], [1, 2])
            self.assertEqual([r['iteration'] for r in train.read_log(out, 'iterations')], [1, 2])
            first = policy.load(os.path.join(clone, 'policy.npz')).meta
            self.assertEqual((first['mask_exposure'], first['exposure_margin'], first['exposure_way']),
                             (True, 1, False))
            meta = policy.load(os.path.join(out, 'policy.npz')).meta
            self.assertEqual((meta['exposure_margin'], meta['exposure_way'], meta['exposure_way_soft'],
                              meta['exposure_way_toward']), (3, True, 3.0, 20.0))
            st = torch.load(os.path.join(out, 'state.pt'))
            self.assertEqual((st['settings']['algo'], st['settings']['league_floor'], st['seed']),
                             ('exit', 'heuristic:0.45,goround:0.2,wanderer:0.1', 1))
            # The flags that cannot change a saved run are named, with the saved values.
            code, err = command(out, '--iterations', 1, '--quiet', *TINY, '--seed', 2, '--view', 'crop7',
                                '--hidden', '8', '--mask-margin', 3)
            self.assertEqual(code, 0, err)
            self.assertEqual(len(err.strip().splitlines()), 1, err)
            for part in ('ignored: ', '--seed 2 (saved 1)', '--view crop7 (saved crop11+global15)',
                         '--hidden 8 (saved 16)'):
                self.assertIn(part, err)
            self.assertNotIn('--mask-margin', err)  # the recipe's own margin, as given
            self.assertEqual(len(train.read_log(out, 'iterations')), 3)


class Snapshots(unittest.TestCase):
    def test_every_weights_file_says_its_iteration(self):
        with tempfile.TemporaryDirectory() as out:
            train.Trainer(out, seed=1, league='random', settings=train.Settings(**SMALL), progress=None, threads=1,
                          iterations=3).run()
            latest = policy.load(os.path.join(out, 'policy.npz'))
            self.assertEqual(latest.meta['iteration'], 3)
            self.assertIn('iteration 3', latest.meta['name'])
            self.assertEqual(policy.load(os.path.join(out, 'it0002.npz')).meta['iteration'], 2)
            train.Trainer(out, seed=1, progress=None, threads=1, iterations=1).run()
            latest, snap = (policy.load(os.path.join(out, f)) for f in ('policy.npz', 'it0004.npz'))
            self.assertEqual((latest.meta['iteration'], snap.meta['iteration']), (4, 4))
            for a, b in zip(latest.state_dict().values(), snap.state_dict().values()):
                self.assertTrue(torch.equal(a, b))
            self.assertEqual(torch.load(os.path.join(out, 'state.pt'))['meta']['iteration'], 4)

    def test_a_snapshot_that_left_the_league_starts_no_game(self):
        # Games of 30 moves, 8 a rollout: a game lasts at most 4 iterations.
        # A snapshot leaves the league at iteration k + keep; the games that
        # began before then end by iteration k + keep + 4, and no later
        # game is played against it (the draw queued for an environment's
        # next game is made again).
        keep, span = 2, math.ceil(30 / 8)
        with tempfile.TemporaryDirectory() as out:
            s = train.Settings(**dict(SMALL, envs=16, turns=30, snapshot_every=1, self_keep=keep))
            t = train.Trainer(out, seed=3, league='random,self', settings=s, progress=None, threads=1, iterations=12)
            t.run()
            self.assertEqual(len(t.league.snapshots), keep)
            late = []
            for r in train.read_log(out, 'matchups'):
                m = re.search(r'it(\d{4})\.npz$', r['opponent'])
                if m and r['wins'] + r['draws'] + r['losses']:
                    late.append(r['iteration'] - (int(m.group(1)) + keep))
            self.assertTrue(late)
            self.assertLessEqual(max(late), span)

    def test_the_league_keeps_the_latest_snapshots_when_restored(self):
        s = train.Settings(self_keep=3)
        lg = train.League(['random', 'self'], s, np.random.default_rng(1))
        gone = [lg.add_snapshot('policy:it%d.npz' % k) for k in range(5)]
        self.assertEqual(gone, [[], [], [], ['policy:it0.npz'], ['policy:it1.npz']])
        st = lg.state()
        st['snapshots'] = ['policy:it%d.npz' % k for k in range(5)]  # a state saved with more
        again = train.League(['random', 'self'], s, np.random.default_rng(1))
        again.restore(st)
        self.assertEqual(again.members(), ['random', 'policy:it2.npz', 'policy:it3.npz', 'policy:it4.npz'])


class Progress(unittest.TestCase):
    def test_a_score_shows_its_games(self):
        self.assertEqual(log.matchup({'opponent': 'heuristic', 'window': 5, 'win_rate': 0.6}), 'heuristic 60% (3/5)')
        self.assertEqual(log.matchup({'opponent': 'policy:out/it0010.npz', 'window': 4, 'win_rate': 0.625}),
                         'it0010 62% (2.5/4)')
        with tempfile.TemporaryDirectory() as out:
            lines = io.StringIO()
            train.Trainer(out, seed=3, league='random', settings=train.Settings(**dict(SMALL, envs=8)),
                          progress=lines, threads=1, iterations=3).run()
            scores = re.findall(r'random (\d+)% \((\d+(?:\.5)?)/(\d+)\)', lines.getvalue())
            self.assertTrue(scores)
            for pct, won, n in scores:
                self.assertEqual(int(pct), round(100 * float(won) / int(n)))


if __name__ == '__main__':
    unittest.main()
