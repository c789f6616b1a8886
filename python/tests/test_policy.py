"""paperio.policy: the weights file of docs/POLICY.md written and read back,
the meta checked, and the mask of moves that lose at once read from either
view."""

import json
import os
import subprocess
import sys
import tempfile
import unittest
import zipfile

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

from paperio import policy  # noqa: E402

import torch  # noqa: E402

META = {'towers': [{'view': 'crop7', 'conv': [{'out': 4, 'k': 3, 'stride': 1, 'pad': 1},
                                              {'out': 3, 'k': 3, 'stride': 2, 'pad': 0}]},
                   {'view': 'full', 'conv': [{'out': 2, 'k': 4, 'stride': 4}]}],
        'hidden': [16, 8], 'width': 20, 'height': 13, 'name': 'test net'}


def batch(n, seed=0, meta=META):
    rng = np.random.default_rng(seed)
    planes = []
    for t in meta['towers']:
        c, h, w = policy.view_shape(t['view'], meta.get('width', 102), meta.get('height', 101))
        planes.append((rng.random((n, c, h, w)) < 0.3).astype(np.uint8))
    return planes, rng.random((n, 24)).astype(np.float32)


class RoundTrip(unittest.TestCase):
    def test_save_load_gives_the_same_network(self):
        torch.manual_seed(3)
        net = policy.PolicyNet(META)
        planes, scalars = batch(5)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'p.npz')
            policy.save(net, path)
            self.assertEqual(os.listdir(d), ['p.npz'])  # nothing left under a temporary name
            back = policy.load(path)
            with np.load(path) as f:
                names = sorted(f.files)
                meta = json.loads(f['meta'].tobytes())
                self.assertEqual(f['meta'].dtype, np.uint8)
                self.assertEqual(f['tower.0.conv.1.weight'].shape, (3, 4, 3, 3))
                self.assertEqual(f['fc.0.weight'].dtype, np.float32)
        self.assertEqual(names, sorted(['meta', 'pi.weight', 'pi.bias', 'v.weight', 'v.bias',
                                        'fc.0.weight', 'fc.0.bias', 'fc.1.weight', 'fc.1.bias',
                                        'tower.0.conv.0.weight', 'tower.0.conv.0.bias',
                                        'tower.0.conv.1.weight', 'tower.0.conv.1.bias',
                                        'tower.1.conv.0.weight', 'tower.1.conv.0.bias']))
        self.assertEqual((meta['format'], meta['version'], meta['obs_version']), ('paperio-policy', 1, 1))
        self.assertEqual((meta['name'], meta['width'], meta['mask_losing'], meta['scalars']), ('test net', 20, True, True))
        # Features: crop7 -> 3 x 3 x 3 after the stride, full 13 x 20 -> 2 x 3 x 5, and 24 scalars.
        self.assertEqual(policy.features(back.meta), 27 + 30 + 24)
        a, va = net(planes, scalars)
        b, vb = back(planes, scalars)
        self.assertEqual(a.shape, (5, 3))
        self.assertEqual(va.shape, (5,))
        self.assertTrue(torch.equal(a, b))
        self.assertTrue(torch.equal(va, vb))
        self.assertTrue(torch.equal(net.act(planes, scalars), back.act(planes, scalars)))

    def test_without_value_head_or_towers(self):
        meta = {'towers': [], 'hidden': [], 'mask_losing': False, 'value': False}
        net = policy.PolicyNet(meta)
        self.assertIsNone(net.v)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'p.npz')
            policy.save(net, path)
            back = policy.load(path)
        self.assertIsNone(back.v)
        s = np.ones((2, 24), np.float32)
        logits, value = back([], s)
        self.assertIsNone(value)
        self.assertTrue(torch.equal(logits, net([], s)[0]))

    def test_file_without_value_arrays_loads_without_head(self):
        # The value head is optional in the file: a writer may leave it out.
        net = policy.PolicyNet({'towers': [{'view': 'crop3'}], 'hidden': [4]})
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'p.npz')
            arrays = {k: v.numpy() for k, v in net.state_dict().items() if not k.startswith('v.')}
            meta = {k: v for k, v in net.meta.items() if k != 'value'}
            arrays['meta'] = np.frombuffer(json.dumps(meta).encode(), np.uint8)
            np.savez_compressed(path, **arrays)
            back = policy.load(path)
        self.assertIsNone(back.v)


class Errors(unittest.TestCase):
    def write(self, d, drop=None, reshape=None, meta=None):
        net = policy.PolicyNet(META)
        arrays = {k: v.numpy() for k, v in net.state_dict().items() if k != drop}
        if reshape:
            arrays[reshape] = arrays[reshape][:1]
        arrays['meta'] = np.frombuffer(json.dumps(meta or net.meta).encode(), np.uint8)
        path = os.path.join(d, 'bad.npz')
        np.savez(path, **arrays)
        return path

    def test_bad_files_are_named_clearly(self):
        with tempfile.TemporaryDirectory() as d:
            with self.assertRaisesRegex(policy.Error, 'missing array fc.1.bias'):
                policy.load(self.write(d, drop='fc.1.bias'))
            with self.assertRaisesRegex(policy.Error, r'pi.weight has shape \(1, 8\), the meta wants \(3, 8\)'):
                policy.load(self.write(d, reshape='pi.weight'))
            with self.assertRaisesRegex(policy.Error, "format 'other'"):
                policy.load(self.write(d, meta=dict(META, format='other')))
            with self.assertRaisesRegex(policy.Error, 'version 2'):
                policy.load(self.write(d, meta=dict(META, version=2)))
            junk = os.path.join(d, 'junk.npz')
            with open(junk, 'wb') as f:
                f.write(b'not a zip')
            with self.assertRaisesRegex(policy.Error, 'not a weights file'):
                policy.load(junk)
            with zipfile.ZipFile(junk, 'w') as z:
                z.writestr('x.npy', b'')
            with self.assertRaisesRegex(policy.Error, 'no meta'):
                policy.load(junk)

    def test_bad_meta(self):
        for meta, message in (({'towers': [{'view': 'crop4'}]}, 'unknown view'),
                              ({'towers': [{'view': 'crop5', 'conv': [{'out': 2, 'k': 7}]}]}, 'leaves no cell'),
                              ({'towers': [{'view': 'crop5', 'conv': [{'k': 3}]}]}, 'out must be'),
                              ({'towers': [{'view': 'crop1'}]}, 'mask_losing needs'),
                              ({'towers': [], 'scalars': False, 'mask_losing': False}, 'nothing'),
                              ({'hidden': [0]}, 'hidden'),
                              ({'exposure_margin': 0}, 'exposure_margin'),
                              ({'exposure_way': 1}, 'exposure_way'),
                              ({'exposure_way_soft': -1, 'mask_exposure': True, 'exposure_way': True}, 'exposure_way_soft -1'),
                              ({'exposure_way_soft': 0, 'mask_exposure': True}, 'only with mask_exposure and exposure_way'),
                              ({'exposure_way_soft': 'x', 'mask_exposure': True, 'exposure_way': True}, 'exposure_way_soft'),
                              ({'exposure_way_toward': 8, 'mask_exposure': True, 'exposure_way': True},
                               'exposure_way_toward 8: want 0 or more, and only with exposure_way_soft'),
                              ({'exposure_way_toward': -1, 'exposure_way_soft': 0, 'mask_exposure': True, 'exposure_way': True},
                               'exposure_way_toward -1'),
                              ({'obs_version': 2}, 'obs_version')):
            with self.assertRaisesRegex(policy.Error, message, msg=meta):
                policy.PolicyNet(meta)


class Mask(unittest.TestCase):
    def test_crop_and_full_agree(self):
        # A 9 x 7 board, the head at (4, 3) facing north (the crop turned so
        # that north is up): its own band west of it, the board's edge
        # wherever the head stands next to it.
        w, h = 9, 7
        meta = policy.check_meta({'towers': [{'view': 'full'}, {'view': 'crop3'}], 'width': w, 'height': h})
        for hx, hy, d, band, want in ((4, 3, 3, (3, 3), [False, True, True]),
                                      (4, 0, 3, None, [True, False, True]),
                                      (8, 3, 0, (8, 4), [True, False, False]),
                                      (0, 6, 2, None, [False, False, True])):
            full = np.zeros((1, 6, h, w), np.uint8)
            full[0, 4, hy, hx] = 1
            if band:
                full[0, 1, band[1], band[0]] = 1
            s = np.zeros((1, 24), np.float32)
            s[0, d] = 1
            crop = np.zeros((1, 7, 3, 3), np.uint8)
            ax, ay = policy._DX[d], policy._DY[d]
            rx, ry = policy._DX[(d + 1) % 4], policy._DY[(d + 1) % 4]
            for i in range(3):
                for j in range(3):
                    x, y = hx + (1 - i) * ax + (j - 1) * rx, hy + (1 - i) * ay + (j - 1) * ry
                    if not (0 <= x < w and 0 <= y < h):
                        crop[0, 6, i, j] = 1
                    else:
                        crop[0, :6, i, j] = full[0, :, y, x]
            self.assertEqual(policy.safe_moves(meta, [full, crop], s).tolist(), [want])
            self.assertEqual(policy.safe_moves(dict(meta, towers=meta['towers'][1:]), [crop], s).tolist(), [want])

    def test_act_refuses_the_soft_way(self):
        # The soft form needs the moves the way's cells forbid, which the
        # guard buffer does not hold: the native player plays it, act says so.
        meta = {'towers': [{'view': 'crop5'}], 'hidden': [8], 'mask_exposure': True, 'exposure_way': True}
        planes, scalars = batch(4, 3, policy.PolicyNet(meta).meta)
        allowed = np.ones((4, 3), bool)
        for soft in (None, 0):
            self.assertEqual(policy.PolicyNet(dict(meta, exposure_way_soft=soft)).act(planes, scalars, allowed).shape, (4,))
        net = policy.PolicyNet(dict(meta, exposure_way_soft=1.5))
        self.assertEqual(net.meta['exposure_way_soft'], 1.5)
        with self.assertRaisesRegex(policy.Error, 'exposure_way_soft, exposure_way_toward: act plays the hard mask'):
            net.act(planes, scalars, allowed)
        net = policy.PolicyNet(dict(meta, exposure_way_soft=0, exposure_way_toward=20))
        self.assertEqual(net.meta['exposure_way_toward'], 20)
        with self.assertRaisesRegex(policy.Error, 'act plays the hard mask'):
            net.act(planes, scalars, allowed)

    def test_act_never_takes_a_losing_move_while_another_is_left(self):
        torch.manual_seed(1)
        net = policy.PolicyNet({'towers': [{'view': 'crop5'}], 'hidden': [8]})
        planes, scalars = batch(400, 2, net.meta)
        safe = policy.safe_moves(net.meta, planes, scalars)
        acts = net.act(planes, scalars).numpy()
        logits = net(planes, scalars)[0].detach().numpy()
        for a, ok, lg in zip(acts, safe, logits):
            if ok.any():
                self.assertTrue(ok[a])
                self.assertEqual(lg[a], lg[ok].max())
            else:
                self.assertEqual(a, lg.argmax())
        self.assertTrue((~safe).any() and safe.any())


class Opponent(unittest.TestCase):
    def test_vector_env_plays_against_a_policy(self):
        import paperio
        net = policy.PolicyNet({'towers': [{'view': 'crop7', 'conv': [{'out': 2, 'k': 3, 'pad': 1}]}], 'hidden': [8]})
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'p.npz')
            policy.save(net, path)
            with paperio.VectorEnv(2, opponent='policy:' + path, view='crop7', width=20, height=15, turns=40) as env:
                env.reset(seed=1)
                ended = 0
                for _ in range(200):
                    _, _, term, _, _ = env.step(np.ones(2, np.int64))
                    ended += int(term.sum())
            self.assertGreater(ended, 0)
            with self.assertRaisesRegex(paperio.Error, 'none.npz'):
                paperio.VectorEnv(1, opponent='policy:' + os.path.join(d, 'none.npz'))


def flip(path, entry, n):
    """The bytes of the .npz at path with n bytes of the stored entry's array
    inverted, past its .npy header: the entry's CRC-32 no longer matches."""
    with open(path, 'rb') as f:
        data = bytearray(f.read())
    with zipfile.ZipFile(path) as z:
        info = z.getinfo(entry)
    assert info.compress_type == zipfile.ZIP_STORED
    name_len, extra_len = int.from_bytes(data[info.header_offset + 26:info.header_offset + 28], 'little'), \
        int.from_bytes(data[info.header_offset + 28:info.header_offset + 30], 'little')
    at = info.header_offset + 30 + name_len + extra_len
    assert data[at:at + 6] == b'\x93NUMPY'
    at += 10 + int.from_bytes(data[at + 8:at + 10], 'little')
    assert at + n <= info.header_offset + 30 + name_len + extra_len + info.file_size
    for i in range(at, at + n):
        data[i] ^= 0xff
    return bytes(data)


class Damaged(unittest.TestCase):
    """A weights file with bytes changed inside an array, one cut short and
    one that is no zip are refused, by VectorEnv (through Go) with
    paperio.Error and by policy.load with policy.Error, in one line naming the
    file and what is wrong."""

    def test_damaged_files_are_refused(self):
        import paperio
        net = policy.PolicyNet({'towers': [{'view': 'crop7', 'conv': [{'out': 2, 'k': 3, 'pad': 1}]}], 'hidden': [8]})
        with tempfile.TemporaryDirectory() as d:
            good = os.path.join(d, 'good.npz')
            policy.save(net, good)
            with open(good, 'rb') as f:
                data = f.read()
            # name: content, what Go says, what policy.load says
            cases = {'crc.npz': (flip(good, 'fc.0.weight.npy', 100), 'zip entry fc.0.weight.npy: CRC-32 mismatch',
                                 'zip entry fc.0.weight.npy: CRC-32 mismatch'),
                     'cut.npz': (data[:len(data) * 2 // 3], 'truncated', 'not a weights file'),
                     'text.npz': (b'not a zip at all', r'not an \.npz \(zip\) archive', 'not a weights file')}
            with paperio.VectorEnv(1, opponent='policy:' + good, view='crop7', width=20, height=15, turns=40):
                pass
            for name, (content, go_says, py_says) in cases.items():
                path = os.path.join(d, name)
                with open(path, 'wb') as f:
                    f.write(content)
                with self.assertRaises(paperio.Error, msg=name) as got:
                    paperio.VectorEnv(1, opponent='policy:' + path, view='crop7', width=20, height=15, turns=40)
                text = str(got.exception)
                self.assertIn(path, text)
                self.assertRegex(text, go_says)
                self.assertNotIn('\n', text)
                with self.assertRaises(policy.Error, msg=name) as got:
                    policy.load(path)
                self.assertIn(path, str(got.exception))
                self.assertRegex(str(got.exception), py_says)


class Import(unittest.TestCase):
    def test_import_paperio_needs_no_torch(self):
        code = 'import sys, paperio, paperio.policy; assert "torch" not in sys.modules and "numpy" not in sys.modules'
        env = dict(os.environ, PYTHONPATH=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
        p = subprocess.run([sys.executable, '-c', code], env=env, capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)


if __name__ == '__main__':
    unittest.main()
