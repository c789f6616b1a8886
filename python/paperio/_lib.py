"""The shared library behind the package: built from the Go sources of this
repository (cmd/libpaperio) on first import, and again whenever a Go source
is newer than it; loaded with ctypes.

PAPERIO_LIB=/path/to/libpaperio.so uses a library built elsewhere (it is then
never rebuilt). PAPERIO_GO names the go command (default: go on PATH, then
/usr/local/go/bin/go).
"""

import atexit
import ctypes
import json
import os
import shutil
import subprocess
import sys
import tempfile

ABI = 10  # the library's paperio_abi(); see cmd/libpaperio

_HERE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.path.dirname(os.path.dirname(_HERE))  # the repository: python/paperio/../..
_NAME = 'libpaperio.dylib' if sys.platform == 'darwin' else 'libpaperio.so'
# Folders of the repository that hold no source of the library.
_SKIP = {'.git', 'python', 'node_modules', 'out', 'testdata', 'notebooks', 'docs', 'scripts'}


class Error(ValueError):
    """What the library refused or could not do, in one line: a bad option,
    a bad action, a folder without a dataset, a closed environment."""


def _newest_source():
    newest = 0.0
    for folder, dirs, files in os.walk(_ROOT):
        dirs[:] = [d for d in dirs if d not in _SKIP and not d.startswith('.')]
        for f in files:
            if (f.endswith('.go') and not f.endswith('_test.go')) or f in ('go.mod', 'go.sum'):
                newest = max(newest, os.path.getmtime(os.path.join(folder, f)))
    return newest


def _go():
    go = os.environ.get('PAPERIO_GO') or shutil.which('go')
    if not go and os.path.exists('/usr/local/go/bin/go'):
        go = '/usr/local/go/bin/go'
    return go


def _build(target):
    go = _go()
    if not go:
        raise ImportError('paperio: the shared library %s is missing or older than the Go sources, and there is no '
                          'go command to build it (install Go, or set PAPERIO_LIB to a built libpaperio)' % target)
    print('paperio: building %s from the Go sources (go build -buildmode=c-shared ./cmd/libpaperio); '
          'the first build takes a minute or two' % target, file=sys.stderr, flush=True)
    # Beside the target, for an atomic rename; a build killed midway leaves
    # the folder, which .gitignore keeps out of the repository.
    with tempfile.TemporaryDirectory(dir=os.path.dirname(target), prefix='.build-') as tmp:
        out = os.path.join(tmp, _NAME)
        proc = subprocess.run([go, 'build', '-buildmode=c-shared', '-ldflags=-s -w', '-o', out,
                               './cmd/libpaperio'], cwd=_ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True)
        if proc.returncode != 0:
            raise ImportError('paperio: building the shared library failed:\n' + proc.stdout)
        os.replace(out, target)  # atomic: another process may be loading the old one
    print('paperio: built %s' % target, file=sys.stderr, flush=True)


def _path():
    given = os.environ.get('PAPERIO_LIB')
    if given:
        if not os.path.exists(given):
            raise ImportError('paperio: PAPERIO_LIB=%s does not exist' % given)
        return given
    target = os.path.join(_HERE, _NAME)
    if not os.path.exists(os.path.join(_ROOT, 'go.mod')):
        if os.path.exists(target):
            return target
        raise ImportError('paperio: no shared library at %s and no Go sources at %s to build it from' % (target, _ROOT))
    if not os.path.exists(target) or os.path.getmtime(target) < _newest_source():
        _build(target)
    return target


def _load():
    lib = ctypes.CDLL(_path())
    i64, c, p = ctypes.c_int64, ctypes.c_char_p, ctypes.c_void_p
    n = ctypes.c_int
    sigs = {
        'paperio_abi': ([], i64),
        'paperio_obs_version': ([], i64),
        'paperio_env_new': ([c, c, n, c, n], i64),
        'paperio_env_buffers': ([i64, ctypes.POINTER(p), c, n], i64),
        'paperio_env_results': ([i64, ctypes.POINTER(p), c, n], i64),
        'paperio_env_reset': ([i64, i64, c, n], i64),
        'paperio_env_step': ([i64, p, i64, c, n], i64),
        'paperio_env_state': ([i64, i64, p, p, p, c, n], i64),
        'paperio_close': ([i64], None),
        'paperio_shutdown': ([], None),
        'paperio_data_new': ([c, c, n, c, n], i64),
        'paperio_data_buffers': ([i64, ctypes.POINTER(p), c, n], i64),
        'paperio_data_rows': ([i64, c, n], i64),
        'paperio_data_next': ([i64, c, n], i64),
        'paperio_data_rewind': ([i64, i64, c, n], i64),
        'paperio_engine_speed': ([ctypes.c_double, c, n], i64),
        'paperio_env_set_opponent': ([i64, i64, c, c, n], i64),
        'paperio_env_start': ([i64, i64, i64, c, n], i64),
        'paperio_env_replay': ([i64, i64, p, i64, c, n], i64),
        'paperio_env_step_some': ([i64, p, p, i64, c, n], i64),
        'paperio_log_append': ([c, c, c, c, n], i64),
        'paperio_log_read': ([c, c, c, n, c, n], i64),
        'paperio_log_ladder': ([c, i64, ctypes.c_double, c, n, c, n], i64),
    }
    for name, (args, res) in sigs.items():
        f = getattr(lib, name)
        f.argtypes, f.restype = args, res
    if lib.paperio_abi() != ABI:
        raise ImportError('paperio: %s speaks ABI %d, this package %d: rebuild it (delete it and import again)'
                          % (lib._name, lib.paperio_abi(), ABI))
    return lib


lib = _load()
# The opponents' processes of environments never closed end with the
# interpreter; their temporary folders would stay.
atexit.register(lib.paperio_shutdown)
OBS_VERSION = lib.paperio_obs_version()


class Message:
    """A buffer for the library's one-line error messages."""

    def __init__(self, size=1024):
        self.buf = ctypes.create_string_buffer(size)
        self.size = size

    def check(self, ret):
        """Returns ret, or raises Error with the library's message when ret
        is negative."""
        if ret < 0:
            raise Error(self.buf.value.decode('utf-8', 'replace'))
        return ret


class Handle:
    """An object the library holds (an environment or a loader), released
    by close(), at the end of a with block or when it is collected."""
    _h = None
    what = 'object'  # its name in the error once it is closed

    def _handle(self):
        if self._h is None:
            raise Error('the %s is closed' % self.what)
        return self._h

    def close(self):
        """Releases it; it cannot be used afterwards."""
        if self._h is not None:
            lib.paperio_close(self._h)
            self._h = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass


def new_object(fn, options):
    """Creates an environment or a loader from its options; returns the
    handle and the observation shapes the library reports."""
    msg = Message()
    shape = ctypes.create_string_buffer(256)
    h = msg.check(fn(json.dumps(options).encode(), shape, 256, msg.buf, msg.size))
    return h, json.loads(shape.value.decode())


def pointers(arrays):
    """The C pointer array of numpy arrays (None for a missing one)."""
    ptrs = (ctypes.c_void_p * len(arrays))()
    for i, a in enumerate(arrays):
        ptrs[i] = None if a is None else a.ctypes.data
    return ptrs


def cli():
    """The path of the paperio command, built from this repository into
    out/bin (again whenever a Go source is newer than it)."""
    target = os.path.join(_ROOT, 'out', 'bin', 'paperio')
    if os.path.exists(target) and os.path.getmtime(target) >= _newest_source():
        return target
    go = _go()
    if not go:
        raise Error('no go command to build the paperio command with')
    os.makedirs(os.path.dirname(target), exist_ok=True)
    print('paperio: building %s (go build ./cmd/paperio)' % target, file=sys.stderr, flush=True)
    tmp = target + '.tmp%d' % os.getpid()
    proc = subprocess.run([go, 'build', '-o', tmp, './cmd/paperio'], cwd=_ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0:
        raise Error('building the paperio command failed:\n' + proc.stdout)
    os.replace(tmp, target)
    return target
