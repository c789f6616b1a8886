"""pyai's driver: what every course game's AI driver builds on.

A game's driver (games/<game>/driver.py) imports this file as the module
pyai_driver, subclasses Driver with the game's requests and calls main. The
Go side starts  python3 -I -u -B driver.py  with this file beside it and
  fd 0  /dev/null
  fd 1, fd 2  a pipe the Go side drains into a capped log (the AI's output)
  fd 3  requests from the Go side
  fd 4  replies to the Go side
so nothing the AI prints can reach the protocol.

Every message is  uint32 length | type byte | uint32 sequence | payload
(little-endian), the length counting everything after itself. A reply
carries the sequence number of its request (0 for the hello), so a reply
out of turn is seen.

Requests every driver serves               replies
                                             H hello, sent once at start
  C  config (JSON)                           K ok (JSON) | X refusal line | E traceback
  N  nothing (the round trip alone)          D
                                             F the driver itself failed

C carries what the Go side's ProcessConfig makes: the AI file (path,
display, name), the containment (limits, deny_processes, deny_network)
and the interface every AI of the game defines, with every game's
(interface, interfaces). With check_only the file is only read and checked
(it parses, keeps the course rules, binds the interface's name), never run.
Here are the framing, the containment (resource limits, the seccomp filter,
the course's banned modules), the loader and the capture of the AI's
errors; the game's driver adds the game's requests (Driver.dispatch).
"""

import ast
import json
import mmap
import os
import resource
import struct
import sys
import traceback

REQ_FD, REP_FD = 3, 4
BANNED_MODULES = ('os', 'sys', 'threading', 'multiprocessing')
TRACE_CAP = 32 * 1024
READ_SIZE = 1 << 16

HEADER = struct.Struct('<IBI')  # length, type, sequence
REPLY = struct.Struct('<IcI')


class Driver:
    # Files whose frames a traceback leaves out: a game's driver built on
    # this one adds its own.
    driver_files = (__file__,)

    def __init__(self):
        self.module = None
        self.reserve = None
        self.seq = 0

    # ---- protocol -------------------------------------------------------

    def read(self):
        """The next request as (type, sequence, the whole message), or
        None at the end. A request usually comes in one read."""
        data = os.read(REQ_FD, READ_SIZE)
        if len(data) < HEADER.size:
            data = self.read_more(data, HEADER.size)
            if data is None:
                return None
        n, kind, seq = HEADER.unpack_from(data)
        if len(data) < n + 4:
            data = self.read_more(data, n + 4)
            if data is None:
                return None
        return kind, seq, data

    def read_more(self, data, want):
        parts, have = [data], len(data)
        while have < want:
            more = os.read(REQ_FD, max(want - have, READ_SIZE))
            if not more:
                return None
            parts.append(more)
            have += len(more)
        return b''.join(parts)

    def reply(self, kind, payload=b''):
        self.write(REPLY.pack(len(payload) + 5, kind, self.seq) + payload)

    def write(self, data):
        k = os.write(REP_FD, data)
        if k < len(data):
            view = memoryview(data)[k:]
            while view:
                view = view[os.write(REP_FD, view):]

    def dispatch(self, handlers):
        """Serves requests until the Go side closes the pipe, for a game's
        driver built on this one: handlers maps a request's type (b'T') to a
        method of its payload; C (configure) and N (nothing) are the same
        for every game."""
        while True:
            msg = self.read()
            if msg is None:
                return
            kind, self.seq, data = msg
            kind, body = bytes([kind]), memoryview(data)[HEADER.size:]
            if kind == b'C':
                self.configure(json.loads(bytes(body)))
            elif kind in handlers:
                handlers[kind](body)
            elif kind == b'N':  # nothing: the pipes' round trip alone
                self.reply(b'D')
            else:
                self.reply(b'F', ('unknown request %r' % kind).encode())

    # ---- running AI code ------------------------------------------------

    def call(self, fn, *args):
        """Runs AI code. Returns (True, value) or (False, traceback text).
        SystemExit is let through: the process ends, as the AI asked."""
        try:
            return True, fn(*args)
        except SystemExit:
            raise
        except BaseException as e:  # the AI's error, whatever it is
            return False, self.traceback(e)

    def traceback(self, e):
        """The text of the AI's error e, without the driver's frames."""
        self.reserve = None  # room to format the error after a MemoryError
        try:
            tb = e.__traceback__
            while tb is not None and (tb.tb_frame.f_code.co_filename in self.driver_files or
                                      tb.tb_frame.f_code.co_filename.startswith('<frozen importlib')):
                tb = tb.tb_next  # the driver's and the import machinery's frames say nothing about the AI
            text = ''.join(traceback.format_exception(type(e), e, tb))
        except BaseException:
            text = '%s (traceback unavailable)\n' % type(e).__name__
        traceback.clear_frames(e.__traceback__)
        del e
        self.keep_reserve()
        if len(text) > TRACE_CAP:
            half = TRACE_CAP // 2
            text = text[:half] + '\n[... %d characters left out ...]\n' % (len(text) - 2 * half) + text[-half:]
        return text

    def keep_reserve(self):
        # Address space, which is what the memory limit counts, but not
        # memory: the pages are never touched (a bytearray's would be
        # zeroed, a page fault each).
        try:
            self.reserve = mmap.mmap(-1, 1 << 20)
        except (MemoryError, OSError):
            self.reserve = None

    def hook(self, name, *args):
        """Runs an optional hook whose errors are ignored, as the course
        ignored them (SystemExit included); returns the error text."""
        fn = getattr(self.module, name, None)
        if fn is None:
            return b''
        try:
            ok, res = self.call(fn, *args)
        except SystemExit as e:
            ok, res = False, 'SystemExit: %s\n' % (e.code,)
        return b'' if ok else res.encode('utf-8', 'replace')

    # ---- requests -------------------------------------------------------

    def configure(self, cfg):
        path = cfg['path']
        shown = cfg.get('display') or path
        deny = contain(cfg)
        if cfg.get('check_only'):
            tree, refusal = parse(path, shown, cfg.get('course_rules'))
            if refusal:
                return self.reply(b'X', refusal.encode())
            want = cfg.get('interface')
            if want and not binds(tree, want['name']):
                return self.reply(b'X', missing(shown, want).encode('utf-8', 'replace'))
            return self.reply(b'K', b'{}')
        self.module = self.import_ai(cfg)
        if self.module is None:
            return
        self.keep_reserve()
        self.reply(b'K', json.dumps(self.info(deny)).encode())

    def import_ai(self, cfg):
        """Reads, imports and checks the AI of cfg, as every game's driver
        does: returns the module, or None once the refusal (X: the file
        cannot be read, does not parse, breaks the course rules, ends the
        process at import, lacks what the game's AIs define) or the
        import's traceback (E) has been replied."""
        path = cfg['path']
        shown = cfg.get('display') or path
        _, refusal = parse(path, shown, cfg.get('course_rules'))
        if refusal:
            self.reply(b'X', refusal.encode())
            return None
        try:
            ok, res = self.call(load_module, cfg['name'], path)
        except SystemExit as e:
            self.reply(b'X', ('%s: exits at import (SystemExit(%r)): a course AI must not end the process when it is imported'
                              % (shown, e.code)).encode('utf-8', 'replace'))
            return None
        if not ok:
            self.reply(b'E', res.encode('utf-8', 'replace'))
            return None
        want = cfg.get('interface')
        refusal = want and interface_refusal(res, shown, want, cfg.get('interfaces') or [want])
        if refusal:
            self.reply(b'X', refusal.encode('utf-8', 'replace'))
            return None
        return res

    def info(self, deny):
        """What the K reply tells the Go side about this process."""
        return {'pid': os.getpid(), 'seccomp': deny, 'python': sys.version.split()[0]}

    def serve(self):
        """Serves C and N alone: a game's driver serves its own requests
        through dispatch."""
        self.dispatch({})


def interface_refusal(module, shown, want, known):
    """None when module defines what AIs of the game want names (a
    callable: a function or a class), else the refusal line, in the user's
    terms: what the file defines instead when it is another course game's
    AI (known lists every game's), and what this game's AIs define."""
    if callable(getattr(module, want['name'], None)):
        return None
    need = '%s AI defines %s' % (article(want['game']), want['shows'])
    for other in known:
        if other['name'] != want['name'] and callable(getattr(module, other['name'], None)):
            return '%s: not %s AI: it defines %s, %s AI; %s' % (
                shown, article(want['game']), other['shows'], article(other['game']), need)
    return missing(shown, want)


def missing(shown, want):
    """The refusal of a file that does not define what AIs of the game
    want."""
    need = '%s AI defines %s' % (article(want['game']), want['shows'])
    if want['shows'].startswith('class '):
        return '%s: no class %s: %s' % (shown, want['name'], need)
    return '%s: no %s function: %s' % (shown, want['name'], need)


def article(word):
    return ('an ' if word[:1].lower() in 'aeiou' else 'a ') + word


def load_module(name, path):
    import importlib.util
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    if name not in sys.modules:
        sys.modules[name] = module
    folder = os.path.dirname(os.path.abspath(path))
    if folder not in sys.path:
        sys.path.insert(0, folder)
    done = compiled(path)
    if done is None:
        spec.loader.exec_module(module)
    else:  # what exec_module does with the code it compiles
        exec(done[2], module.__dict__)
    return module


# An AI's source as a fork server read and compiled it for its children
# (no code of it runs there): path -> (the file's stat, tree, code, its
# course_violations). A child that walked the tree itself would copy every
# page of it from the server (its reference counts change): on a virtual
# machine that is milliseconds.
COMPILED = {}


def file_key(path):
    st = os.stat(path)
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


def precompile(path):
    """Reads and compiles the AI in path once, for every child of a fork
    server; a file that cannot be read or compiled is left to the child."""
    try:
        key = file_key(path)
        with open(path, 'rb') as f:
            source = f.read()
        tree = compile(source, path, 'exec', ast.PyCF_ONLY_AST, dont_inherit=True)
        code = compile(tree, path, 'exec', dont_inherit=True)
        bad = course_violations(tree)
    except BaseException:
        return
    if file_key(path) == key:
        COMPILED[path] = (key, tree, code, bad)


def compiled(path):
    """What precompile made of path, if the file has not changed since."""
    done = COMPILED.get(path)
    try:
        return done if done is not None and file_key(path) == done[0] else None
    except OSError:
        return None


def set_limit(which, value):
    try:
        soft, hard = resource.getrlimit(which)
        if hard != resource.RLIM_INFINITY and value > hard:
            value = hard
        resource.setrlimit(which, (value, value))
    except (ValueError, OSError):
        pass


def limits(cfg):
    lim = cfg.get('limits', {})
    if lim.get('as'):
        set_limit(resource.RLIMIT_AS, lim['as'])
    if lim.get('cpu'):
        soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
        want = lim['cpu']
        try:
            resource.setrlimit(resource.RLIMIT_CPU, (want, want + 5 if hard == resource.RLIM_INFINITY else min(want + 5, hard)))
        except (ValueError, OSError):
            pass
    if lim.get('nproc'):
        set_limit(resource.RLIMIT_NPROC, lim['nproc'])
    if lim.get('fsize'):
        set_limit(resource.RLIMIT_FSIZE, lim['fsize'])
    if lim.get('nofile'):
        set_limit(resource.RLIMIT_NOFILE, lim['nofile'])
    set_limit(resource.RLIMIT_CORE, 0)


def seccomp(deny_processes, deny_network, allow_exec=False):
    """Installs a seccomp filter that refuses new processes (threads are
    allowed) and any reach into another process (signals, ptrace, its
    memory, limits or scheduling), and, if asked, sockets other than
    AF_UNIX. allow_exec lets the process replace its own program (execve),
    as the launcher of an executable player must. Returns a word on what is
    in force, or None where seccomp is not available."""
    if not deny_processes and not deny_network:
        return ''
    if not sys.platform.startswith('linux'):
        return None
    key = (bool(deny_processes), bool(deny_network), bool(allow_exec))
    if key not in FILTERS:
        FILTERS[key] = seccomp_filter(*key)
    made = FILTERS[key]
    if made is None:
        return None
    libc, insns, Prog = made
    # The filter names this process: a fork server's children each install
    # it with their own id.
    import ctypes
    buf = ctypes.create_string_buffer(pack_filter(insns, os.getpid()))
    prog = Prog(len(insns), ctypes.cast(buf, ctypes.c_char_p))  # buf outlives the call below
    if libc.prctl(38, 1, 0, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS
        return None
    if libc.prctl(22, 2, ctypes_addressof(prog), 0, 0) != 0:  # PR_SET_SECCOMP, FILTER
        return None
    words = []
    if deny_processes:
        words.append('no new processes')
        words.append('other processes out of reach')
    if deny_network:
        words.append('no network')
    return ', '.join(words)


# The filters made so far, by seccomp's arguments: a fork server makes the
# usual one once, for all its children.
FILTERS = {}

# The constant a filter's instruction compares with this process's id
# (SELF) or its negation (the process group it leads, NEG_SELF), put in
# place by pack_filter.
SELF, NEG_SELF = object(), object()


def ctypes_addressof(obj):
    import ctypes
    return ctypes.addressof(obj)


def pack_filter(insns, pid):
    """The filter's instructions as struct sock_filter bytes, with pid for
    SELF."""
    out = []
    for code, t, f, k in insns:
        if k is SELF:
            k = pid
        elif k is NEG_SELF:
            k = -pid & 0xFFFFFFFF
        out.append(struct.pack('<HBBI', code, t, f, k))
    return b''.join(out)


def seccomp_filter(deny_processes, deny_network, allow_exec):
    """The seccomp filter of seccomp's arguments, ready to pack and install:
    (libc, the instructions, the ctypes struct sock_fprog), or None where it
    cannot be made."""
    try:
        import ctypes
    except ImportError:
        return None
    machine = os.uname().machine
    # Syscall numbers. 'other' are those that act on another process named
    # by their first argument (0 or this process's id: itself; kill also
    # takes its own process group); setpriority and ioprio_set name it by
    # their second, after a first that must not mean "all the user's
    # processes"; 'never' are refused outright.
    if machine == 'x86_64':
        arch, nr = 0xC000003E, {'fork': 57, 'vfork': 58, 'clone': 56, 'clone3': 435,
                                'execve': 59, 'execveat': 322, 'socket': 41}
        lasting = (29, 64, 68, 240, 248, 249, 250)
        # kill, tkill, tgkill, rt_sigqueueinfo, rt_tgsigqueueinfo, prlimit64,
        # sched_setparam, sched_setscheduler, sched_setaffinity, pidfd_open
        other = (62, 200, 234, 129, 297, 302, 142, 144, 203, 434)
        setpriority, ioprio_set = 141, 251
        never = (101, 310, 311)  # ptrace, process_vm_readv, process_vm_writev
    elif machine == 'aarch64':
        arch, nr = 0xC00000B7, {'clone': 220, 'clone3': 435, 'execve': 221, 'execveat': 281, 'socket': 198}
        lasting = (194, 190, 186, 180, 217, 218, 219)
        other = (129, 130, 131, 138, 240, 261, 118, 119, 122, 434)
        setpriority, ioprio_set = 140, 30
        never = (117, 270, 271)
    else:
        return None
    LD, JEQ, JGE, JSET, RET = 0x20, 0x15, 0x35, 0x45, 0x06
    ALLOW = 0x7FFF0000
    EAGAIN, EPERM, ENOSYS = 11, 1, 38

    def err(n):
        return 0x00050000 | n

    # Each check is: load the syscall number, compare, and on a match fall
    # into a small block. Blocks are written with absolute labels and
    # resolved into relative jumps below.
    prog = []  # (code, jt_label, jf_label, k) ; labels are names or None
    prog.append((LD, None, None, 4))                 # arch
    prog.append((JEQ, 'nr', 'deny_all', arch))
    prog.append(('nr', LD, None, None, 0))           # syscall number
    if machine == 'x86_64':
        prog.append((JGE, 'deny_all', None, 0x40000000))  # x32 calls
    if deny_processes:
        for name in ('fork', 'vfork'):
            if name in nr:
                prog.append((JEQ, 'again', None, nr[name]))
        prog.append((JEQ, 'nosys', None, nr['clone3']))
        prog.append((JEQ, 'clone', None, nr['clone']))
        if not allow_exec:
            prog.append((JEQ, 'perm', None, nr['execve']))
            prog.append((JEQ, 'perm', None, nr['execveat']))
        # What outlives the process in its sandbox (System V shared memory,
        # semaphores and message queues, POSIX message queues, keys): a
        # process forked for the next game would find it there.
        for n in lasting:
            prog.append((JEQ, 'perm', None, n))
        # Another process of the same user, the runner or its fork server
        # among them, is out of reach: a signal could stop or kill it, and
        # ptrace, its memory or its limits could do worse. A sandbox's own
        # process tree (bwrap) keeps most of them out of sight; this keeps
        # them out of reach where there is none.
        for n in never:
            prog.append((JEQ, 'perm', None, n))
        for n in other:
            prog.append((JEQ, 'self0', None, n))
        prog.append((JEQ, 'prio', None, setpriority))
        prog.append((JEQ, 'ioprio', None, ioprio_set))
    if deny_network:
        prog.append((JEQ, 'socket', None, nr['socket']))
    prog.append((RET, None, None, ALLOW))
    prog.append(('clone', LD, None, None, 16))       # clone flags (low word)
    prog.append((JSET, 'allow', 'again', 0x00010000))  # CLONE_THREAD
    prog.append(('socket', LD, None, None, 16))      # socket family
    prog.append((JEQ, 'allow', 'perm', 1))           # AF_UNIX
    if deny_processes:
        # The kernel reads a process id as a 32-bit int: the low word is it.
        prog.append(('self0', LD, None, None, 16))   # first argument
        prog.append((JEQ, 'allow', None, 0))
        prog.append((JEQ, 'allow', None, SELF))
        prog.append((JEQ, 'allow', 'perm', NEG_SELF))  # kill's own group
        prog.append(('prio', LD, None, None, 16))    # which
        prog.append((JEQ, 'perm', 'self1', 2))       # PRIO_USER
        prog.append(('ioprio', LD, None, None, 16))  # which
        prog.append((JEQ, 'perm', 'self1', 3))       # IOPRIO_WHO_USER
        prog.append(('self1', LD, None, None, 24))   # second argument
        prog.append((JEQ, 'allow', None, 0))
        prog.append((JEQ, 'allow', 'perm', SELF))
    prog.append(('allow', RET, None, None, ALLOW))
    prog.append(('again', RET, None, None, err(EAGAIN)))
    prog.append(('nosys', RET, None, None, err(ENOSYS)))
    prog.append(('perm', RET, None, None, err(EPERM)))
    prog.append(('deny_all', RET, None, None, err(EPERM)))

    labels, insns = {}, []
    for item in prog:
        if isinstance(item[0], str):
            labels[item[0]] = len(insns)
            item = item[1:]
        insns.append(item)
    resolved = []
    for i, (code, jt, jf, k) in enumerate(insns):
        t = labels[jt] - i - 1 if jt else 0
        f = labels[jf] - i - 1 if jf else 0
        resolved.append((code, t, f, k))

    class Prog(ctypes.Structure):
        _fields_ = [('len', ctypes.c_ushort), ('filter', ctypes.c_char_p)]

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    except (OSError, AttributeError):
        return None
    return libc, resolved, Prog


def course_violations(tree):
    """(line, what) for every global statement and import of a module the
    course banned, in file order."""
    out = []

    def banned(name):
        return name is not None and name.split('.')[0] in BANNED_MODULES

    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            out.append((node.lineno, node.col_offset, 'global statement'))
        elif isinstance(node, ast.Import):
            for a in node.names:
                if banned(a.name):
                    out.append((node.lineno, node.col_offset, 'imports %s' % a.name))
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and banned(node.module):
                out.append((node.lineno, node.col_offset, 'imports from %s' % node.module))
        elif isinstance(node, ast.Call) and node.args:
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ''
            arg = node.args[0]
            if name in ('__import__', 'import_module') and isinstance(arg, ast.Constant) \
                    and isinstance(arg.value, str) and banned(arg.value):
                out.append((node.lineno, node.col_offset, 'imports %s through %s()' % (arg.value, name)))
    out.sort()
    return [(line, what) for line, _, what in out]


def binds(tree, name):
    """Whether the module's own code (not inside functions or classes) can
    bind name, or does something that makes it impossible to tell."""
    found = False

    def names(target):
        if isinstance(target, ast.Name):
            yield target.id
        elif isinstance(target, (ast.Tuple, ast.List)):
            for t in target.elts:
                yield from names(t)
        elif isinstance(target, ast.Starred):
            yield from names(target.value)

    stack = list(tree.body)
    while stack and not found:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found = node.name == name
            continue
        if isinstance(node, ast.Assign):
            found = any(n == name for t in node.targets for n in names(t))
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            found = name in names(node.target)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            found = any(a.name == '*' or (a.asname or a.name.split('.')[0]) == name for a in node.names)
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.With, ast.AsyncWith)):
            tgt = getattr(node, 'target', None)
            found = tgt is not None and name in names(tgt)
            if not found and hasattr(node, 'items'):
                found = any(i.optional_vars is not None and name in names(i.optional_vars) for i in node.items)
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.NamedExpr):
            found = node.value.target.id == name
        if found:
            break
        for field in ('body', 'orelse', 'finalbody', 'handlers', 'cases'):
            stack.extend(getattr(node, field, ()) or ())
    if found:
        return True
    # Code that builds its names at run time (exec, globals()[...]) is given
    # the benefit of the doubt; the check after the import settles it.
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in ('exec', 'globals', 'vars', 'setattr', '__builtins__'):
            return True
    return False


def contain(cfg):
    """Applies the limits and the seccomp filter that cfg asks for; returns
    what the filter denies ('' when this kernel has none)."""
    limits(cfg)
    deny = seccomp(cfg.get('deny_processes', True), cfg.get('deny_network', True), cfg.get('allow_exec', False))
    if deny is None and cfg.get('deny_processes', True):
        # No seccomp here: fall back on the process-count limit.
        set_limit(resource.RLIMIT_NPROC, 1)
    return deny or ''


def parse(path, shown, course_rules):
    """Reads and parses an AI's source, checking the course rules when asked.
    Returns (tree, None), or (None, the refusal line) when the file cannot
    be read, does not parse or breaks the rules."""
    done = compiled(path)
    try:
        if done is not None:
            tree = done[1]
        else:
            with open(path, 'rb') as f:
                source = f.read()
    except OSError as e:
        return None, '%s: cannot read the file: %s' % (shown, e.strerror)
    try:
        if done is None:
            tree = compile(source, path, 'exec', ast.PyCF_ONLY_AST)
    except SyntaxError as e:
        line = ':%d' % e.lineno if e.lineno else ''
        return None, '%s%s: does not parse: %s: %s' % (shown, line, type(e).__name__, e.msg)
    except (ValueError, MemoryError, RecursionError) as e:
        return None, '%s: does not parse: %s' % (shown, e)
    if course_rules:
        bad = done[3] if done is not None else course_violations(tree)
        if bad:
            line, what = bad[0]
            more = ''
            if len(bad) > 1:
                more = ' (and %d more: line%s %s)' % (len(bad) - 1, 's' if len(bad) > 2 else '',
                                                      ', '.join(str(b[0]) for b in bad[1:6]) + (', ...' if len(bad) > 6 else ''))
            return None, '%s:%d: %s, which the course rules ban (no global statements; no os, sys, threading, multiprocessing)%s' % (
                shown, line, what, more)
    return tree, None


def main(driver=Driver):
    """Serves requests with a driver of the given class until the Go side
    closes the pipe."""
    os.set_inheritable(REQ_FD, False)
    os.set_inheritable(REP_FD, False)
    d = driver()
    d.reply(b'H', str(os.getpid()).encode())
    try:
        d.serve()
    except SystemExit:
        raise
    except BaseException:
        try:
            d.reply(b'F', traceback.format_exc()[-TRACE_CAP:].encode('utf-8', 'replace'))
        except BaseException:
            pass
        raise


if __name__ == '__main__':
    main()
