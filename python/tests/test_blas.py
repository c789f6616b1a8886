"""Which BLAS numpy uses: read from the libraries the process has mapped."""

import io
import os
import sys
import unittest
from unittest import mock

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

from paperio import blas  # noqa: E402

LIBC = '/usr/lib/x86_64-linux-gnu/libc.so.6'
NUMPY = '/usr/lib/python3/dist-packages/numpy/core/_multiarray_umath.cpython-311-x86_64-linux-gnu.so'


class FromPaths(unittest.TestCase):
    def test_debian_reference_blas(self):
        ref = '/usr/lib/x86_64-linux-gnu/blas/libblas.so.3.11.0'
        self.assertEqual(blas.from_paths([LIBC, NUMPY, '/usr/lib/x86_64-linux-gnu/blas/libcblas.so.3.11.0', ref]),
                         ('reference', '/usr/lib/x86_64-linux-gnu/blas/libcblas.so.3.11.0'))

    def test_optimized_libraries(self):
        for path, name in (
                ('/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3', 'openblas'),
                ('/usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblasp-r0.3.21.so', 'openblas'),
                ('/site-packages/numpy.libs/libscipy_openblas64_-ff651d7f.so', 'openblas'),
                ('/opt/intel/oneapi/mkl/lib/libmkl_rt.so.2', 'mkl'),
                ('/usr/lib/x86_64-linux-gnu/blis-openmp/libblas.so.3', 'blis'),
                ('/usr/lib/x86_64-linux-gnu/atlas/libblas.so.3', 'atlas')):
            self.assertEqual(blas.from_paths([LIBC, NUMPY, path]), (name, path), path)

    def test_an_optimized_one_wins_over_a_plain_one(self):
        paths = [LIBC, '/usr/lib/x86_64-linux-gnu/libcblas.so.3', '/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3']
        self.assertEqual(blas.from_paths(paths)[0], 'openblas')

    def test_none(self):
        self.assertEqual(blas.from_paths([LIBC, NUMPY]), (None, None))


class Describe(unittest.TestCase):
    def test_reference_blas_is_named_and_warned_about(self):
        ref = ('reference', '/usr/lib/x86_64-linux-gnu/blas/libblas.so.3')
        with mock.patch.object(blas, 'numpy_blas', return_value=ref):
            self.assertIn('reference BLAS (/usr/lib/x86_64-linux-gnu/blas/libblas.so.3)', blas.describe())
            self.assertIn('apt-get install libopenblas0-pthread', blas.describe())
            err = io.StringIO()
            self.assertTrue(blas.warn_if_slow(err))
            self.assertRegex(err.getvalue(), r'^paperio: warning: numpy BLAS: the reference BLAS')

    def test_optimized_blas_is_named_without_a_warning(self):
        with mock.patch.object(blas, 'numpy_blas', return_value=('openblas', '/x/libopenblas.so')):
            self.assertEqual(blas.describe(), 'numpy BLAS: openblas (/x/libopenblas.so)')
            err = io.StringIO()
            self.assertFalse(blas.warn_if_slow(err))
            self.assertEqual(err.getvalue(), '')

    def test_this_machine(self):
        # .ci/run installs libopenblas0-pthread: numpy must not be on the
        # reference BLAS here.
        name, _ = blas.numpy_blas()
        self.assertIsNotNone(name)
        self.assertNotEqual(name, 'reference', blas.describe())

    def test_set_threads_reaches_openblas(self):
        # The OpenBLAS numpy loaded takes the count (this machine has one:
        # test_this_machine), and says so when asked back.
        import ctypes
        self.assertTrue(blas.set_threads(1))
        path = [p for p in blas._mapped() if blas.from_paths([p])[0] == 'openblas'][0]
        get = ctypes.CDLL(path).openblas_get_num_threads
        self.assertEqual(get(), 1)
        want = min(2, os.cpu_count())
        blas.set_threads(want)
        self.assertEqual(get(), want)


if __name__ == '__main__':
    unittest.main()
