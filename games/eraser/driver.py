"""eraser AI driver: runs one course AI of eraser (a class Plaser) for the Go side.

Started as  python3 -I -u -B driver.py  by pyai.StartProcess, with the
requests on fd 3, the replies on fd 4 and the AI's output on fds 1 and 2;
pyai's own driver lies beside this file as pyai_driver, whose framing,
containment (resource limits, the seccomp filter, the course's banned
modules), source checks, module loader and error capture this driver
builds on.

Every message is  uint32 length | type byte | uint32 sequence | payload
(little-endian, the length counting everything after itself).

Requests                                   replies
                                             H hello, sent once at start
  C  config (JSON)                           K ok (JSON) | X refusal line | E traceback
  N  new game                                D | E traceback (the constructor failed)
  M  move                                    A verdict (JSON)
                                             F the driver itself failed

N carries uint8 is_first, uint32 rows. M carries int32 own score, int32
opponent's score, int32 turn number, float64 own and opponent's used time,
uint8 k and k moves made since the last M (uint8 0 own / 1 opponent's, 4 x
int8 x1 y1 x2 y2), uint32 n and n offered operations (4 x uint8 each), and
the whole board: 6 * rows bytes, cell (x, y) at x * rows + y, 0..4 the
colours R B G Y P and 5 an empty cell.

A verdict is the answer judged as the course's engine judged it (RULES.md
section 8): {"error": traceback} when the call raised, {"exit": what} for
a BaseException that is not an Exception (sys.exit: the engine saw a
time-out), then {"invalid": message} or {"raised": traceback} when the
engine's check of the answer failed, else {"move": [x1, y1, x2, y2]};
"seconds" is the time of the move call alone, "returned" the answer as
JSON when it has one.
"""

import json
import os
import struct
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pyai_driver as base  # noqa: E402  (pyai's driver, beside this one)

SIZE = 6
U32 = struct.Struct('<I')
GAME = struct.Struct('<BI')
MOVE = struct.Struct('<iiiddB')
DONE = struct.Struct('<Bbbbb')
OP = struct.Struct('<BBBB')
NUMPY_MISSING = ('numpy is not installed for this Python (%s): eraser AIs are given numpy boards; '
                 'choose one that has it with --python (e.g. /usr/bin/python3 with python3-numpy)')


class Driver(base.Driver):
    driver_files = base.Driver.driver_files + (__file__,)

    def __init__(self):
        super().__init__()
        self.np = None
        self.letters = None
        self.ai = None
        self.rows = 0
        self.last = None  # what this AI returned last

    def configure(self, cfg):
        # numpy's thread pools stay small, and numpy is imported before any
        # AI code runs (the AIs' own import then finds it loaded).
        for var in ('OPENBLAS_NUM_THREADS', 'OMP_NUM_THREADS', 'MKL_NUM_THREADS'):
            os.environ[var] = '1'
        deny = base.contain(cfg)
        try:
            import numpy
        except ImportError:
            return self.reply(b'X', (NUMPY_MISSING % sys.executable).encode())
        self.np = numpy
        self.letters = numpy.array(['R', 'B', 'G', 'Y', 'P', 'nan'], dtype='<U10')
        self.module = self.import_ai(cfg)
        if self.module is None:
            return
        self.keep_reserve()
        self.reply(b'K', json.dumps(self.info(deny)).encode())

    def info(self, deny):
        return dict(super().info(deny), numpy=self.np.__version__)

    def new_game(self, buf):
        is_first, self.rows = GAME.unpack_from(buf, 0)
        self.ai, self.last = None, None
        try:
            ai = self.module.Plaser(bool(is_first))
        except BaseException as e:  # SystemExit too: the engine caught anything here
            return self.reply(b'E', self.traceback(e).encode('utf-8', 'replace'))
        for name, value in (('move_history', []), ('used_time', [0, 0])):
            try:
                setattr(ai, name, value)
            except Exception:
                pass
        self.ai = ai
        self.reply(b'D')

    def move(self, buf):
        own, opp, turn, used_own, used_opp, k = MOVE.unpack_from(buf, 0)
        off = MOVE.size
        history = getattr(self.ai, 'move_history', None)
        for _ in range(k):
            who, x1, y1, x2, y2 = DONE.unpack_from(buf, off)
            off += DONE.size
            made = self.last if who == 0 else ((x1, y1), (x2, y2))
            if isinstance(history, list):
                history.append(made)
        used = getattr(self.ai, 'used_time', None)
        if isinstance(used, list) and len(used) == 2:
            used[0], used[1] = used_own, used_opp
        n = U32.unpack_from(buf, off)[0]
        off += 4
        ops = [((a, b), (c, d)) for a, b, c, d in OP.iter_unpack(bytes(buf[off:off + 4 * n]))]
        off += 4 * n
        codes = self.np.frombuffer(buf, dtype=self.np.uint8, count=SIZE * self.rows, offset=off)
        board = self.letters[codes].reshape(SIZE, self.rows)  # a fresh array, as the engine gave a copy
        verdict = {}
        start = time.perf_counter()
        try:
            answer = self.ai.move(board, ops, [own, opp], turn)
        except Exception as e:
            verdict['seconds'] = time.perf_counter() - start
            verdict['error'] = self.traceback(e)
            return self.reply(b'A', json.dumps(verdict).encode())
        except BaseException as e:  # sys.exit: the engine's thread ended unrecorded
            verdict['seconds'] = time.perf_counter() - start
            verdict['exit'] = '%s: %s' % (type(e).__name__, e)
            return self.reply(b'A', json.dumps(verdict).encode())
        verdict['seconds'] = time.perf_counter() - start
        self.last = answer
        verdict.update(self.judge(answer))
        returned = as_json(answer, self.np)
        if returned is not None:
            verdict['returned'] = returned
        self.reply(b'A', json.dumps(verdict).encode())

    def judge(self, move):
        """The engine's checks of an answer, in its order (RULES.md section 8);
        numbers that pass but are not integers are an error here, where they
        crashed the engine when it indexed the board."""
        np = self.np
        try:
            if len(move) != 2 or len(move[0]) != 2 or len(move[1]) != 2:
                return {'invalid': 'Not a proper input.'}
            a = np.array(move)
            if np.abs(a[0] - a[1]).sum() != 1:
                return {'invalid': 'Not adjacent positions.'}
            if (a < 0).any() or (a >= SIZE).any():
                return {'invalid': 'Positions out of board.'}
            cells = [move[0][0], move[0][1], move[1][0], move[1][1]]
            for v in cells:
                if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)):
                    np.zeros((SIZE, SIZE))[float(v), 0]  # raises numpy's IndexError, as indexing did
            return {'move': [int(v) for v in cells]}
        except Exception as e:
            return {'raised': self.traceback(e)}

    def serve(self):
        self.dispatch({b'M': self.move, b'N': self.new_game})


def as_json(v, np, depth=0):
    """The answer as JSON values (tuples and arrays as lists, numpy numbers
    as numbers), or None when it holds something JSON has no word for."""
    if depth > 4:
        return None
    if isinstance(v, np.ndarray):
        v = v.tolist()
    elif isinstance(v, np.generic):
        v = v.item()
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, float):
        return v if v == v and abs(v) != float('inf') else None
    if isinstance(v, (list, tuple)):
        out = [as_json(x, np, depth + 1) for x in v]
        return None if any(x is None and y is not None for x, y in zip(out, v)) else out
    return None


if __name__ == '__main__':
    base.main(Driver)
