"""Which BLAS numpy's matrix products run on.

Debian's python3-numpy calls whatever libblas.so.3 the system's
alternatives point to: the reference BLAS (package libblas3, a few GFLOP/s)
unless an optimized one is installed (libopenblas0-pthread: 50 to 100 times
faster on the same machine). Training in numpy is matrix products, so the
reference BLAS turns minutes into hours; a learner should say which one it
got.

    from paperio import blas
    name, path = blas.numpy_blas()   # ('openblas', '/usr/lib/.../libopenblasp-r0.3.21.so')
    blas.warn_if_slow()              # a line on stderr when it is the reference BLAS
    blas.set_threads(1)              # OpenBLAS's threads: 1 (they spin between products)
"""

import os
import sys

# Names of optimized BLAS libraries, as they appear in a library's path.
_OPTIMIZED = (('openblas', 'openblas'), ('mkl', 'mkl'), ('blis', 'blis'), ('atlas', 'atlas'),
              ('accelerate', 'accelerate'), ('veclib', 'accelerate'))

REFERENCE = 'reference'
ADVICE = 'on Debian: apt-get install libopenblas0-pthread'


def from_paths(paths):
    """The BLAS among the shared libraries a process has mapped: (name,
    path) of the first optimized one, else ('reference', path) of a plain
    libblas (Debian's reference BLAS lives in .../blas/libblas.so.3), else
    (None, None)."""
    plain = None
    for p in paths:
        low = os.path.basename(os.path.dirname(p)).lower() + '/' + os.path.basename(p).lower()
        for key, name in _OPTIMIZED:
            if key in low:
                return name, p
        if plain is None and os.path.basename(p).lower().startswith(('libblas', 'libcblas')):
            plain = p
    if plain is not None:
        return REFERENCE, plain
    return None, None


def _mapped():
    """The files this process has mapped (Linux), in order, each once."""
    seen, out = set(), []
    try:
        with open('/proc/self/maps') as f:
            for line in f:
                parts = line.split(None, 5)
                if len(parts) == 6 and parts[5].startswith('/'):
                    p = parts[5].strip()
                    if p not in seen:
                        seen.add(p)
                        out.append(p)
    except OSError:
        pass
    return out


def _from_config(np):
    """The BLAS numpy's build configuration names, where it says one."""
    try:
        deps = np.show_config(mode='dicts')['Build Dependencies']  # numpy >= 1.26
        return deps['blas']['name'] or None
    except Exception:
        pass
    info = getattr(getattr(np, '__config__', None), 'blas_opt_info', None) or {}
    libs = info.get('libraries') or []
    return libs[0] if libs else None


def numpy_blas():
    """(name, path) of the BLAS numpy uses: 'openblas', 'mkl', 'blis',
    'atlas', 'accelerate', 'reference', or what numpy's configuration says
    (path None) where the loaded libraries cannot be read."""
    import numpy as np
    np.dot(np.ones((2, 2)), np.ones((2, 2)))  # a BLAS loaded lazily is loaded now
    name, path = from_paths(_mapped())
    if name is None:
        name = _from_config(np)
    return name, path


def set_threads(n):
    """Sets the threads of the OpenBLAS this process has loaded (numpy's
    matrix products, and torch's where it calls the system's BLAS, as
    Debian's does) to n; returns whether there was one. Why: OpenBLAS starts
    a thread per core, and after each product its threads wait for the next
    one by spinning, so a process that runs small products now and then
    (a network choosing moves between environment steps) keeps a second
    core busy doing nothing. torch.set_num_threads does not reach them."""
    import ctypes
    numpy_blas()  # loaded now if numpy loads it lazily
    for p in _mapped():
        if from_paths([p])[0] == 'openblas':
            lib = ctypes.CDLL(p)
            for name in ('openblas_set_num_threads', 'openblas_set_num_threads64_'):
                f = getattr(lib, name, None)
                if f is not None:
                    f.argtypes = [ctypes.c_int]
                    f(int(n))
                    return True
    return False


def describe():
    """A line saying which BLAS numpy uses."""
    name, path = numpy_blas()
    where = ' (%s)' % path if path else ''
    if name == REFERENCE:
        return ('numpy BLAS: the reference BLAS%s, 50 to 100 times slower than an optimized one: training takes '
                'hours instead of minutes (%s)' % (where, ADVICE))
    return 'numpy BLAS: %s%s' % (name or 'unknown', where)


def warn_if_slow(file=None):
    """Prints describe() on stderr when numpy uses the reference BLAS;
    returns whether it does."""
    name, _ = numpy_blas()
    if name == REFERENCE:
        print('paperio: warning: ' + describe(), file=file or sys.stderr, flush=True)
    return name == REFERENCE
