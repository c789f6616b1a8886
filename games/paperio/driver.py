"""paper.io AI driver: runs one course AI of paper.io (a module with
play(stat, storage)) for the Go side.

The Go side (PyPlayer) starts this file as  python3 -I -u -B driver.py
with pyai's driver beside it as the module pyai_driver, whose framing,
containment (resource limits, the seccomp filter, the course's banned
modules), source checks, module loader and error capture this driver
builds on, and
  fd 0  /dev/null
  fd 1, fd 2  a pipe the Go side drains into a capped log (the AI's output)
  fd 3  requests from the Go side
  fd 4  replies to the Go side
so nothing the AI prints can reach the protocol.

Every message is  uint32 length | type byte | uint32 sequence | payload
(little-endian), the length counting everything after itself. A reply
carries the sequence number of its request (0 for the hello), so a reply
out of turn is seen. A move costs one request and one reply, each written
at once and usually read at once.

Requests                                   replies
                                             H hello, sent once at start
  C  config (JSON)                           K ok (JSON) | X refusal line | E traceback
  N  nothing (the round trip alone)          D
  S  fresh storage                           D
  I  init(storage)                           D [error text]
  Z  summaryall(storage)                     D [error text]
  G  new game + load(stat, storage)          D called-byte | E traceback
  P  frames + play(stat, storage)            A action-byte | E traceback
  U  result + frames + summary(...)          D [error text]
                                             F the driver itself failed

P carries uint8 n and n frame records; U carries int8 winner (-1 for a
draw), int8 reason, uint8 n and n frame records; G carries uint8 me,
uint32 W, uint32 H and one frame record with every column.

A frame record is a header of 51 bytes (FRAME), then the grids' columns
that changed since the previous frame:
  turnleft  2 x int32
  timeleft  2 x float64, then a byte whose bit i says timeleft[i] is an int
  heads     2 x (int32 x, int32 y, uint8 direction)
  counts    uint32 nf, uint32 nb: changed columns of fields and of bands
  nf field columns, then nb band columns, each
              uint32 x, uint8 0, H bytes 0/1/2        (the whole column)
              uint32 x, uint8 m, m x (uint32 y, uint8) (m changed cells)
A column that did not change is the very same tuple object as in the
previous frame, and a grid with no changed column the very same tuple.
"""

import json
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pyai_driver as base  # noqa: E402  (pyai's driver, beside this one)
from pyai_driver import HEADER  # noqa: E402

ANSWER = struct.Struct('<IcIc')  # the reply to play: A and the action
FRAME = struct.Struct('<iiddBiiBiiBII')
FRAME_SIZE = FRAME.size
GAME = struct.Struct('<BII')
RESULT = struct.Struct('<bbB')
COLUMN = struct.Struct('<IB')
CELL = struct.Struct('<IB')
VALUES = (None, 1, 2)
PLAY, GAME_START, SUMMARY = b'PGU'


class Driver(base.Driver):
    driver_files = base.Driver.driver_files + (__file__,)

    def __init__(self):
        super().__init__()
        self.storage = {}
        self.stat = None
        self.me = 0
        self.height = 0
        self.fields = None
        self.bands = None
        # The last frame's turnleft and timeleft: values equal to them are
        # the very same objects (tuples and ints are immutable), which keeps
        # the log small.
        self.turns = (None, None)
        self.times = (None, None)
        self.bits = -1

    # ---- frames ---------------------------------------------------------

    def columns(self, buf, off, n, prev):
        """Decodes n changed columns of a grid whose previous frame was
        prev; returns the new grid and where the record goes on."""
        h = self.height
        cols = list(prev)
        for _ in range(n):
            x, m = COLUMN.unpack_from(buf, off)
            off += COLUMN.size
            if m == 0:  # the whole column
                cols[x] = tuple([VALUES[v] for v in buf[off:off + h]])
                off += h
            else:  # m cells of the previous column changed
                col = list(prev[x])
                for _ in range(m):
                    y, v = CELL.unpack_from(buf, off)
                    off += CELL.size
                    col[y] = VALUES[v]
                cols[x] = tuple(col)
        return tuple(cols), off

    def frames(self, buf, off, n):
        """Appends n frame records to the log and makes the last one now;
        returns where the message goes on. Unchanged grids are the very
        tuples of the previous frame; so is every unchanged column."""
        # The log is looked up each time, as the course did: the AI may
        # have put another list there.
        stat = self.stat
        append, me = stat['log'].append, self.me
        fields, bands = self.fields, self.bands
        turns, times, bits0 = self.turns, self.times, self.bits
        unpack = FRAME.unpack_from
        frame = None
        for _ in range(n):
            tl0, tl1, t0, t1, bits, x0, y0, d0, x1, y1, d1, nf, nb = unpack(buf, off)
            off += FRAME_SIZE
            if nf:
                fields, off = self.columns(buf, off, nf, fields)
            if nb:
                bands, off = self.columns(buf, off, nb, bands)
            if tl0 != turns[0] or tl1 != turns[1]:
                turns = (turns[0] if tl0 == turns[0] else tl0, turns[1] if tl1 == turns[1] else tl1)
            if t0 != times[0] or t1 != times[1] or bits != bits0 or not (t0 and t1):  # 0.0 == -0.0
                times = (int(t0) if bits & 1 else t0, int(t1) if bits & 2 else t1)
                bits0 = bits
            players = [{'id': 1, 'x': x0, 'y': y0, 'direction': d0},
                       {'id': 2, 'x': x1, 'y': y1, 'direction': d1}]
            frame = {
                'turnleft': turns,
                'timeleft': times,
                'fields': fields,
                'players': players,
                'bands': bands,
                'me': players[me],
                'enemy': players[1 - me],
            }
            append(frame)
        self.fields, self.bands = fields, bands
        self.turns, self.times, self.bits = turns, times, bits0
        if frame is not None:
            stat['now'] = frame
        return off

    # ---- requests -------------------------------------------------------

    def new_game(self, buf):
        self.me, w, h = GAME.unpack_from(buf, HEADER.size)
        self.height = h
        self.turns, self.times, self.bits = (None, None), (None, None), -1
        self.fields = self.bands = (None,) * w
        self.stat = {'size': (w, h), 'log': [], 'now': None}
        self.frames(buf, HEADER.size + GAME.size, 1)
        if 'load' not in dir(self.module):
            return self.reply(b'D', b'\0')
        ok, res = self.call(lambda: self.module.load(self.stat, self.storage))
        if not ok:
            return self.reply(b'E', res.encode('utf-8', 'replace'))
        self.reply(b'D', b'\1')

    def play(self, buf):
        """The frames since the AI's last turn, then play: the one request
        of a move, kept short."""
        try:
            self.frames(buf, HEADER.size + 1, buf[HEADER.size])
            a = action(self.module.play(self.stat, self.storage))
        except SystemExit:
            raise
        except BaseException as e:  # the AI's error, whatever it is
            return self.reply(b'E', self.traceback(e).encode('utf-8', 'replace'))
        self.write(ANSWER.pack(6, b'A', self.seq, a))

    def summary(self, buf):
        winner, reason, n = RESULT.unpack_from(buf, HEADER.size)
        ok, res = self.call(self.frames, buf, HEADER.size + RESULT.size, n)
        if not ok:
            return self.reply(b'D', res.encode('utf-8', 'replace'))
        result = (None if winner < 0 else winner, reason)
        self.reply(b'D', self.hook('summary', result, self.stat, self.storage))

    def serve(self):
        while True:
            msg = self.read()
            if msg is None:
                return
            kind, self.seq, data = msg
            if kind == PLAY:
                self.play(data)
            elif kind == GAME_START:
                self.new_game(data)
            elif kind == SUMMARY:
                self.summary(data)
            elif kind == ord('N'):  # nothing: the pipes' round trip alone
                self.reply(b'D')
            elif kind == ord('S'):
                self.storage = {}
                self.reply(b'D')
            elif kind == ord('I'):
                self.reply(b'D', self.hook('init', self.storage))
            elif kind == ord('Z'):
                self.reply(b'D', self.hook('summaryall', self.storage))
            elif kind == ord('C'):
                self.configure(json.loads(data[HEADER.size:]))
            else:
                self.reply(b'F', ('unknown request %r' % chr(kind)).encode())


def action(a):
    """The course's reading of an answer: a non-empty str whose first
    character, upper-cased, is L or R turns; anything else goes straight."""
    if isinstance(a, str) and len(a) > 0:
        op = a[0].upper()
        if op == 'L':
            return b'L'
        if op == 'R':
            return b'R'
    return b'S'


PAPERIO = {'game': 'paper.io', 'name': 'play', 'shows': 'play(stat, storage)'}


if __name__ == '__main__':
    base.main(Driver)
