"""stellar AI driver: runs one course AI of stellar (星际群落) for the Go side.

The Go side (package pyai) starts this file with the protocol pipes on fds 3
and 4 and pyai's own driver beside it as pyai_driver.py, whose framing,
error capture, limits and seccomp filter this driver reuses. The AI is a
module defining class player_class with __init__(self, player_id) and
player_func(self, map_info) -> list, as the course's platform ran it
(RULES §8).

Requests                                    replies
  C  config (JSON): limits, import           K ok (JSON) | X refusal line | E traceback
  G  new game (JSON): me, the map, the       D | E traceback
     call's time limit; player_class(me)
  T  a turn (binary, below):                 A what player_func returned (JSON) |
     player_func(map_info)                   E traceback | O overran the limit

A turn is  uint32 turn, uint32 len + error1 (UTF-8), uint32 len + error2,
then for node 1..N  int8 owner, float64 force of player 0, float64 force of
player 1  (little-endian). The answer is encoded as the replay format
encodes what an AI returned: a JSON array for a list, arrays for tuples,
ints as numbers, bools, floats as repr() strings, anything else as
{"type": T, "repr": R}.
"""

import json
import os
import signal
import struct
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pyai_driver as base  # noqa: E402  (pyai's driver, beside this one)

TURN = struct.Struct('<I')
NODE = struct.Struct('<bdd')
MAX_ANSWER = 4 << 20  # bytes of an encoded answer; a longer one is an error of the call
MAX_REPR = 200


class Overran(BaseException):
    """Raised in the AI's code when its call passes the time limit (not an
    Exception, so that `except Exception` in the AI does not swallow it)."""


class Node:
    """A node as the course's map object shows it: read-only number,
    belong, power, power_limit, spawn_rate, despawn_rate and get_next()."""
    __slots__ = ('_number', '_belong', '_power', '_next')

    def __init__(self, number, belong, power, nxt):
        self._number, self._belong, self._power, self._next = number, belong, power, nxt

    number = property(lambda self: self._number)
    belong = property(lambda self: self._belong)
    power = property(lambda self: self._power)
    power_limit = property(lambda self: 100)
    spawn_rate = property(lambda self: 1)
    despawn_rate = property(lambda self: 0.75)

    def get_next(self):
        return list(self._next)

    def __repr__(self):
        return 'Node(%d, belong=%d, power=%r)' % (self._number, self._belong, self._power)


class GameMap:
    """The map object player_func receives: a fresh copy every turn."""

    def __init__(self, nodes, xy, error1, error2):
        self.nodes = nodes
        self.N = len(nodes) - 1
        self.xy = xy
        self.error1 = error1
        self.error2 = error2


class Driver(base.Driver):
    driver_files = base.Driver.driver_files + (__file__,)

    def __init__(self):
        super().__init__()
        self.player = None
        self.adj = []
        self.xy = {}
        self.limit = 0.0
        self.timing = False
        self.overran = False

    def configure(self, cfg):
        deny = base.contain(cfg)
        self.module = self.import_ai(cfg)
        if self.module is None:
            return
        self.keep_reserve()
        signal.signal(signal.SIGALRM, self.alarm)
        self.reply(b'K', json.dumps(self.info(deny)).encode())

    def new_game(self, body):
        g = json.loads(bytes(body))
        self.adj = [()] + [tuple(a) for a in g['adj']]
        self.xy = {i + 1: (number(x), number(y)) for i, (x, y) in enumerate(g['xy'] or [])}
        self.limit = g['limit']
        self.player = None
        ok, res = self.call(lambda: self.module.player_class(g['me']))
        if not ok:
            return self.reply(b'E', res.encode('utf-8', 'replace'))
        self.player = res
        self.reply(b'D')

    def map_info(self, body):
        off = TURN.size
        errors = []
        for _ in range(2):
            n = TURN.unpack_from(body, off)[0]
            off += 4
            errors.append(bytes(body[off:off + n]).decode('utf-8'))
            off += n
        nodes = [Node(0, -1, (0.0, 0.0), ())]
        adj = self.adj
        for i, (own, p0, p1) in enumerate(NODE.iter_unpack(body[off:]), 1):
            nodes.append(Node(i, own, (p0, p1), adj[i]))
        return GameMap(nodes, dict(self.xy), errors[0], errors[1])

    def alarm(self, signum, frame):
        if self.timing:
            self.overran = True
            raise Overran('player_func ran past its %g s' % self.limit)

    def timed(self, fn, arg):
        self.timing = True
        try:
            return fn(arg)
        finally:
            self.timing = False

    def turn(self, body):
        if self.player is None:
            return self.reply(b'E', b'the player was not made (player_class failed)\n')
        info = self.map_info(body)
        fn = getattr(self.player, 'player_func', None)
        if fn is None:
            # The course called it anyway: an AttributeError every turn.
            fn = lambda m: getattr(self.player, 'player_func')(m)  # noqa: E731
        self.overran = False
        start = time.perf_counter()
        if self.limit > 0:
            signal.setitimer(signal.ITIMER_REAL, self.limit)
        try:
            ok, res = self.call(self.timed, fn, info)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        if self.overran or (self.limit > 0 and time.perf_counter() - start > self.limit):
            return self.reply(b'O')
        if not ok:
            return self.reply(b'E', res.encode('utf-8', 'replace'))
        ok, data = self.call(encode, res)
        if not ok:
            return self.reply(b'E', ('the answer could not be read: ' + data.strip().splitlines()[-1] + '\n').encode('utf-8', 'replace'))
        self.reply(b'A', data)

    def serve(self):
        self.dispatch({b'T': self.turn, b'G': self.new_game})


def number(s):
    """A coordinate as the map gave it: an int or a float."""
    return float(s) if any(c in s for c in '.einf') else int(s)


def short_repr(v):
    try:
        r = repr(v)
    except BaseException:  # an AI's __repr__ may fail in any way
        return '<unrepresentable>'
    return r if len(r) <= MAX_REPR else r[:MAX_REPR] + '...'


def other(v):
    return {'type': type(v).__name__, 'repr': short_repr(v)}


def value(v):
    if isinstance(v, bool):
        return v
    if isinstance(v, int):
        return int(v)  # an int subclass as its plain value
    if isinstance(v, float):
        return float.__repr__(v)
    return other(v)


def encode(res):
    """What player_func returned, as the replay format encodes it."""
    if not isinstance(res, list):
        out = other(res)
    else:
        out = [[value(x) for x in item] if isinstance(item, tuple) else other(item) for item in res]
    data = json.dumps(out, separators=(',', ':')).encode()
    if len(data) > MAX_ANSWER:
        raise ValueError('the answer is too long (%d bytes encoded)' % len(data))
    return data


if __name__ == '__main__':
    base.main(Driver)
