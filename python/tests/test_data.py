"""Dataset: a self-play folder's rows, made again by the library."""

import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

import paperio  # noqa: E402
from paperio import _lib  # noqa: E402


class DatasetRows(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp()
        cls.dir = os.path.join(cls.tmp, 'run')
        subprocess.run([_lib.cli(), 'selfplay', '--games', '12', '--turns', '150', '--size', '40x31',
                        '--pairs', 'heuristic:random,goround:heuristic,wanderer:goround', '--quiet', '--out', cls.dir],
                       check=True)
        with open(os.path.join(cls.dir, 'manifest.json')) as f:
            cls.manifest = json.load(f)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def rows(self, **kw):
        out = []
        with paperio.Dataset(self.dir, copy=True, **kw) as ds:
            for batch in ds:
                out.append(batch)
        return {k: np.concatenate([b[k] for b in out]) for k in out[0]}

    def test_every_row_once_in_game_order(self):
        r = self.rows(view='crop11', batch_size=100, shuffle=False)
        self.assertEqual(len(r['action']), self.manifest['turn_rows'])
        self.assertEqual(r['planes'].shape[1:], (7, 11, 11))
        self.assertEqual(r['scalars'].shape[1:], (len(paperio.SCALARS),))
        for k, dtype in (('action', np.int64), ('reward', np.float32), ('done', bool), ('outcome', np.float32),
                         ('player', np.int8), ('game_id', np.int64), ('half_step', np.int32)):
            self.assertEqual(r[k].dtype, dtype, k)
        first = np.r_[True, r['game_id'][1:] != r['game_id'][:-1]]
        self.assertTrue((r['half_step'][first] == 1).all())
        self.assertTrue((np.diff(r['half_step'])[~first[1:]] == 1).all())  # each game in order
        self.assertTrue((np.diff(r['game_id']) >= 0).all())
        self.assertEqual(int(r['done'].sum()), self.manifest['games'])
        self.assertTrue((r['reward'][~r['done']] == 0).all())
        self.assertTrue((r['reward'][r['done']] == r['outcome'][r['done']]).all())
        self.assertTrue(((r['action'] >= 0) & (r['action'] <= 2)).all())
        self.assertTrue((r['planes'][:, 4, 5, 5] == 1).all())  # the own head at the centre

    def test_shuffle_follows_the_seed(self):
        a = self.rows(view='crop7', batch_size=64, seed=3)
        b = self.rows(view='crop7', batch_size=64, seed=3)
        c = self.rows(view='crop7', batch_size=64, seed=4)
        self.assertTrue(np.array_equal(a['game_id'], b['game_id']) and np.array_equal(a['planes'], b['planes']))
        self.assertFalse(np.array_equal(a['game_id'], c['game_id']))
        key = lambda r: sorted(zip(r['game_id'].tolist(), r['half_step'].tolist()))  # noqa: E731
        self.assertEqual(key(a), key(self.rows(view='crop7', batch_size=64, shuffle=False)))

    def test_passes_differ(self):
        with paperio.Dataset(self.dir, view='crop7', batch_size=50, seed=1) as ds:
            first = np.concatenate([b['game_id'].copy() for b in ds])
            second = np.concatenate([b['game_id'].copy() for b in ds])
        self.assertEqual(len(first), len(second))
        self.assertFalse(np.array_equal(first, second))

    def test_players_filter(self):
        r = self.rows(view='crop7', batch_size=64, players=['heuristic'])
        # heuristic is player 1 of game 0 (pair 0) and player 2 of game 1.
        g0, g1 = r['player'][r['game_id'] == 0], r['player'][r['game_id'] == 1]
        self.assertTrue(len(g0) and (g0 == 1).all() and len(g1) and (g1 == 2).all())
        self.assertFalse((r['game_id'] % 3 == 2).any())  # wanderer against goround

    def test_len_and_rows(self):
        for kw in ({}, {'players': ['heuristic']}):
            with paperio.Dataset(self.dir, view='crop5', batch_size=100, **kw) as ds:
                batches = list(ds)
                rows = sum(len(b['action']) for b in batches)
                self.assertEqual(ds.rows, rows)
                self.assertEqual(len(ds), len(batches))
                self.assertEqual(len(ds), -(-rows // 100))
        self.assertEqual(paperio.Dataset(self.dir, batch_size=10 ** 6).rows, self.manifest['turn_rows'])

    def test_unknown_player_lists_the_players(self):
        with self.assertRaises(paperio.Error) as cm:
            paperio.Dataset(self.dir, players=['t_team'])
        self.assertIn('no player "t_team" in the data (players: ', str(cm.exception))
        self.assertIn('goround', str(cm.exception))

    def test_full_board(self):
        r = self.rows(view='full', batch_size=256, shuffle=False)
        self.assertEqual(r['planes'].shape[1:], (6, 31, 40))
        self.assertTrue((r['planes'][:, 4].reshape(len(r['action']), -1).sum(axis=1) == 1).all())

    def test_refuses(self):
        for kw, words in (({'path': os.path.join(self.tmp, 'nope')}, 'no such folder'),
                          ({'path': self.tmp}, 'holds no dataset'),
                          ({'path': self.dir, 'view': 'crop2'}, 'crop 2'),
                          ({'path': self.dir, 'players': ['nosuchbot']}, 'players'),
                          ({'path': self.dir, 'batch_size': 0}, 'batch 0')):
            path = kw.pop('path')
            with self.assertRaises(paperio.Error) as cm:
                paperio.Dataset(path, **kw)
            self.assertIn(words, str(cm.exception))
        ds = paperio.Dataset(self.dir)
        ds.close()
        with self.assertRaises(paperio.Error):
            next(iter(ds))


class ReplayFiles(unittest.TestCase):
    """The course's reference games (testdata/paperio/conformance) as a dataset."""

    def setUp(self):
        self.path = os.path.join(_lib._ROOT, 'testdata', 'paperio', 'conformance', 'public.jsonl.gz')
        with gzip.open(self.path, 'rt') as f:
            self.games = [json.loads(line) for line in f if line.strip()]

    def test_rows_of_every_game(self):
        with paperio.Dataset(self.path, view='crop7', batch_size=500, shuffle=False, copy=True) as ds:
            batches = list(ds)
            self.assertEqual(len(ds), len(batches))
            self.assertEqual(ds.rows, sum(len(g['actions']) for g in self.games))
        r = {k: np.concatenate([b[k] for b in batches]) for k in batches[0]}
        self.assertEqual(sorted(set(r['game_id'].tolist())), list(range(len(self.games))))
        for gid in (0, len(self.games) - 1):
            g = self.games[gid]
            rows = r['game_id'] == gid
            self.assertEqual(''.join('LSR'[a] for a in r['action'][rows]), g['actions'])
            winner = g['result']['winner']
            p1 = r['outcome'][rows & (r['player'] == 1)]
            self.assertTrue((p1 == (0 if winner is None else 1 if winner == 0 else -1)).all())

    def test_a_course_ai_by_its_file_stem(self):
        # A folder of replay files: a game of a py: AI, named as plot names it.
        with tempfile.TemporaryDirectory() as tmp:
            g = dict(self.games[0], players=['py:teams/a/t_team.py', 'goround'])
            with open(os.path.join(tmp, 'students.jsonl'), 'w') as f:
                f.write(json.dumps(g) + '\n')
            with paperio.Dataset(tmp, players=['t_team'], batch_size=64, shuffle=False) as ds:
                rows = [b['player'].copy() for b in ds]
                self.assertEqual(ds.rows, (len(g['actions']) + 1) // 2)
            self.assertTrue((np.concatenate(rows) == 1).all())

    def test_one_team(self):
        name = self.games[0]['players'][0]
        want = sum((len(g['actions']) + 1) // 2 * (g['players'][0] == name) + len(g['actions']) // 2 *
                   (g['players'][1] == name) for g in self.games)
        with paperio.Dataset(self.path, players=[name], batch_size=256) as ds:
            self.assertEqual(ds.rows, want)
            self.assertEqual(sum(len(b['action']) for b in ds), want)


class Library(unittest.TestCase):
    def test_missing_library(self):
        env = dict(os.environ, PAPERIO_LIB=os.path.join(tempfile.gettempdir(), 'no-such-libpaperio.so'))
        p = subprocess.run([sys.executable, '-c', 'import paperio'], env=env, cwd=os.path.dirname(_lib._HERE),
                           capture_output=True, text=True)
        self.assertNotEqual(p.returncode, 0)
        self.assertIn('PAPERIO_LIB', p.stderr)

    def test_built_and_fresh(self):
        # Importing built the library when it was missing or older than the
        # Go sources: it is now at least as new as every one of them.
        path = os.path.join(_lib._HERE, _lib._NAME)
        self.assertGreaterEqual(os.path.getmtime(path), _lib._newest_source())
        self.assertEqual(_lib.lib.paperio_abi(), _lib.ABI)
        self.assertEqual(paperio.OBS_VERSION, 1)


if __name__ == '__main__':
    unittest.main()
