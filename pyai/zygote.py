"""Fork server of course AI processes: a warm interpreter per player.

The Go side starts  python3 -I -u -B zygote.py AIFILE [plain]  beside driver.py
(the game's driver) with
  fd 0  /dev/null
  fd 1, fd 2  a pipe the Go side drains (this process's own errors)
  fd 3  a SOCK_SEQPACKET socket to the Go side: the control channel
It imports the driver as a module, so that the interpreter's start and the
driver's imports are paid once, as are those of the installed modules
the AI imports (numpy...: see preimport; not with plain), says hello
('H'), then serves:

  Go -> here   F  uint32 id, then the JSON {"work": folder}, with three
                  descriptors: requests (fd 3), replies (fd 4), output (1, 2)
  here -> Go   P  uint32 id, uint32 pid here, with a pidfd of the child
               X  uint32 id, int32 wait status: the child has ended
               E  uint32 id, then a message: the child could not be made

Each F forks a child that puts the descriptors in place, moves into its
folder, and runs the driver's main as a fresh interpreter would: it says
hello and gets its configuration (limits, seccomp, the AI module to
import) over fd 3 like any driver process. The AI's module is imported in
the child only, so nothing of one game's AI is left for the next: each
child gets the installed modules as the server imported them, and the
AI's globals fresh. No AI code ever runs here, and this process is not
dumpable, so a child (same user) can neither trace it nor read or write
its memory.
"""

import ast
import fcntl
import gc
import importlib
import json
import os
import select
import socket
import struct
import sys

CTRL_FD = 3
ID = struct.Struct('<I')
BORN = struct.Struct('<cII')
ENDED = struct.Struct('<cIi')


def prctl_function():
    """libc's prctl, or None: looked up once, in the server, for it and its
    children (a child that loaded libc through ctypes itself would copy
    some 70 pages of the server's memory)."""
    try:
        import ctypes
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError, ImportError):
        return None


PRCTL = prctl_function()


def not_dumpable():
    if PRCTL is not None:
        PRCTL(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE 0


def die_with(server):
    """Ends this child when the server ends (which ends when the Go side
    does), as a driver process ends with the Go side."""
    if PRCTL is not None:
        PRCTL(1, 9, 0, 0, 0)  # PR_SET_PDEATHSIG, SIGKILL
    if os.getppid() != server:  # it ended before the line above
        os._exit(1)


# Thread pools do not survive a fork (the child has only the thread that
# forked), so what the server imports starts none; a game's processes run
# on one CPU anyway.
THREAD_VARS = ('OPENBLAS_NUM_THREADS', 'OMP_NUM_THREADS', 'MKL_NUM_THREADS',
               'NUMEXPR_NUM_THREADS', 'VECLIB_MAXIMUM_THREADS')


# The standard library is left to the children: its modules are cheap to
# import, and a few act when imported (antigravity opens a browser), which
# only a child's sandbox refuses. What is worth importing once is the
# installed packages (numpy...).
STDLIB = frozenset(getattr(sys, 'stdlib_module_names', ()))


def top_imports(body, out):
    """Appends to out the absolute module names that a module's own code
    (not its functions' or classes') imports, in file order."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        if isinstance(node, ast.Import):
            out.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.append(node.module)
        for field in ('body', 'orelse', 'finalbody', 'handlers'):
            top_imports(getattr(node, field, None) or (), out)
    return out


def preimport(base, path):
    """Imports once, for every child, the installed packages (numpy...;
    not the standard library) that the AI in path imports at its top level, which every child would
    otherwise import again. The AI's own modules (its folder's, which come
    first on the child's path) are left to the child, as is any module
    whose import fails here: the child meets the error as it would have."""
    done = base.compiled(path)
    if done is None:
        return
    folder = os.path.dirname(os.path.abspath(path))
    from importlib.machinery import PathFinder
    saved = {v: os.environ.get(v) for v in THREAD_VARS}
    for v in THREAD_VARS:
        os.environ.setdefault(v, '1')
    try:
        for name in top_imports(done[1].body, []):
            if name in sys.modules or name.split('.')[0] in STDLIB:
                continue
            try:
                if PathFinder.find_spec(name.split('.')[0], [folder]) is not None:
                    continue  # the AI's own module
            except BaseException:
                continue
            before = set(sys.modules)
            try:
                importlib.import_module(name)
            except BaseException:
                for k in set(sys.modules) - before:
                    del sys.modules[k]
    finally:
        for v, was in saved.items():
            if was is None:
                os.environ.pop(v, None)
            else:
                os.environ[v] = was


def threads():
    """The threads of this process (1 where /proc cannot tell)."""
    try:
        return len(os.listdir('/proc/self/task'))
    except OSError:
        return 1


def reseed():
    """Draws new seeds for what the server imported seeded from the system's
    entropy, as a fresh import would (Python's random does so itself at a
    fork): numpy's global generator."""
    rnd = sys.modules.get('numpy.random')
    if rnd is not None:
        try:
            rnd.seed()
        except BaseException:
            pass


def serve(ctrl):
    """Forks children until the Go side closes the channel. Returns None
    in this process, or, in a child, the function that runs its driver."""
    children = {}  # pidfd -> (id, pid)
    server = os.getpid()
    while True:
        ready, _, _ = select.select([ctrl] + list(children), [], [])
        for fd in ready:
            if fd is ctrl:
                continue
            cid, pid = children.pop(fd)
            _, status = os.waitpid(pid, 0)
            os.close(fd)
            ctrl.send(ENDED.pack(b'X', cid, status))
        if ctrl not in ready:
            continue
        msg, fds, _, _ = socket.recv_fds(ctrl, 1 << 16, 3)
        if not msg:
            return None
        cid, = ID.unpack_from(msg, 1)
        if len(fds) != 3:
            for fd in fds:
                os.close(fd)
            ctrl.send(b'E' + ID.pack(cid) + b'three descriptors expected')
            continue
        spec = json.loads(msg[1 + ID.size:])
        pid = os.fork()
        if pid == 0:
            for fd in children:
                os.close(fd)
            return lambda: child(ctrl, fds, spec, server)
        for fd in fds:
            os.close(fd)
        pidfd = os.pidfd_open(pid)
        children[pidfd] = (cid, pid)
        socket.send_fds(ctrl, [BORN.pack(b'P', cid, pid)], [pidfd])


def child(ctrl, fds, spec, server):
    """Becomes a driver process: what python3 driver.py would be, with the
    driver already imported."""
    die_with(server)
    ctrl.close()
    high = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in fds]
    for fd in fds:
        os.close(fd)
    req, rep, out = high
    os.dup2(req, 3)
    os.dup2(rep, 4)
    os.dup2(out, 1)
    os.dup2(out, 2)
    for fd in high:
        os.close(fd)
    os.setsid()
    work = spec['work']
    os.chdir(work)
    os.environ['HOME'] = work
    os.environ['TMPDIR'] = work
    reseed()
    import driver
    sys.argv = [driver.__file__]
    # A game's driver builds on pyai's (pyai_driver), whose main serves
    # requests with the game's Driver class.
    sys.modules.get('pyai_driver', driver).main(driver.Driver)


def main():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import driver  # its imports, once for every child
    base = sys.modules.get('pyai_driver', driver)
    # The usual seccomp filter, made once (libc, its instructions, the
    # ctypes type); each child packs it with its own process id.
    base.FILTERS[(True, True, False)] = base.seccomp_filter(True, True, False)
    import importlib.util  # noqa: F401  (what load_module uses)
    if len(sys.argv) > 1:  # the AI's file, read and compiled (not run) once
        base.precompile(sys.argv[1])
        if sys.argv[2:] != ['plain']:
            preimport(base, sys.argv[1])
            if threads() > 1:
                # A module left a thread running, which a child would lack
                # (it may hold a lock): start again without the imports.
                os.execv(sys.executable, [sys.executable, '-I', '-u', '-B', os.path.abspath(__file__),
                                          sys.argv[1], 'plain'])
    not_dumpable()
    # What is here now is shared with every child: the collector leaves it
    # alone, so that a child does not copy the pages it would touch.
    gc.freeze()
    ctrl = socket.socket(fileno=CTRL_FD)
    ctrl.send(b'H')
    return serve(ctrl)


if __name__ == '__main__':
    run = main()
    if run is not None:
        run()
