# Checks, over a whole recorded game, that what driver.py gives an AI each
# turn is what a full rebuild gives: every frame decoded again from
# scratch (both grids kept as plain lists, every tuple and dict made anew)
# must equal, value for value and type for type, the frame the AI finds in
# its log, turn after turn, even though the AI scribbles over everything it
# was given (frames, players, the log's old entries) after checking it.
# Run by TestDriverFramesAreAFullRebuild as
#   python3 frames_check.py DRIVER REQUESTS PYAI
# with REQUESTS as BenchmarkPythonSide writes them (uint32 length | player
# byte | request) and PYAI the folder of pyai_driver.py. Prints
# "ok FRAMES TURNS" or the first differences, one a line.
import importlib.util
import struct
import sys

FRAME = struct.Struct('<iiddBiiBiiBII')
COLUMN = struct.Struct('<IB')
CELL = struct.Struct('<IB')
GAME = struct.Struct('<BII')
HEADER = 9
VALUES = (None, 1, 2)
KEYS = ['turnleft', 'timeleft', 'fields', 'players', 'bands', 'me', 'enemy']
PLAYER_KEYS = ['id', 'x', 'y', 'direction']
problems = []


def problem(what):
    if len(problems) < 20:
        problems.append(what)


class Rebuild:
    """The frames of one player's requests, decoded the plain way."""

    def __init__(self, me, w, h):
        self.me, self.w, self.h = me, w, h
        # Each grid as lists of cells, and each column's tuple, made anew
        # whenever a cell of it changes.
        self.fields = [[None] * h for _ in range(w)]
        self.bands = [[None] * h for _ in range(w)]
        self.field_cols = [tuple(c) for c in self.fields]
        self.band_cols = [tuple(c) for c in self.bands]
        self.frames = []

    def grid(self, buf, off, n, grid, cols):
        for _ in range(n):
            x, m = COLUMN.unpack_from(buf, off)
            off += COLUMN.size
            if m == 0:
                grid[x] = [VALUES[v] for v in buf[off:off + self.h]]
                off += self.h
            for _ in range(m):
                y, v = CELL.unpack_from(buf, off)
                off += CELL.size
                grid[x][y] = VALUES[v]
            cols[x] = tuple(grid[x])
        return off

    def read(self, buf, off, n):
        for _ in range(n):
            tl0, tl1, t0, t1, ints, x0, y0, d0, x1, y1, d1, nf, nb = FRAME.unpack_from(buf, off)
            off = self.grid(buf, off + FRAME.size, nf, self.fields, self.field_cols)
            off = self.grid(buf, off, nb, self.bands, self.band_cols)
            players = [{'id': 1, 'x': x0, 'y': y0, 'direction': d0}, {'id': 2, 'x': x1, 'y': y1, 'direction': d1}]
            self.frames.append({
                'turnleft': (tl0, tl1),
                'timeleft': (int(t0) if ints & 1 else t0, int(t1) if ints & 2 else t1),
                'fields': tuple(self.field_cols),
                'players': players,
                'bands': tuple(self.band_cols),
                'me': players[self.me],
                'enemy': players[1 - self.me],
            })


# The columns found to hold only None, 1 and 2 (kept, so that their ids
# stay theirs).
CELLS_OK = {}
CELL_TYPES = {type(None), int}


def same_grid(a, b, where):
    """same for grids, quicker: a tuple of column tuples equal to b's whose
    cells are all None or ints (b's are)."""
    if type(a) is not tuple or len(a) != len(b):
        problem('%s: %s of length %d, want a tuple of %d columns' % (where, type(a).__name__, len(a), len(b)))
        return False
    for x, (col, want) in enumerate(zip(a, b)):
        if id(col) not in CELLS_OK:
            if type(col) is not tuple or not set(map(type, col)) <= CELL_TYPES:
                problem('%s[%d]: %r, want a tuple of None, 1 and 2' % (where, x, col))
                return False
            CELLS_OK[id(col)] = col
        if col != want:
            return same(col, want, '%s[%d]' % (where, x))
    return True


def same(a, b, where):
    """Whether a equals b with the same types all the way down (1 is not
    1.0 is not True), reporting the first difference."""
    if where.endswith(("['fields']", "['bands']")):
        return same_grid(a, b, where)
    if type(a) is not type(b):
        problem('%s: %s %r, want %s %r' % (where, type(a).__name__, a, type(b).__name__, b))
        return False
    if isinstance(a, dict):
        if list(a) != list(b):
            problem('%s: keys %r, want %r' % (where, list(a), list(b)))
            return False
        return all(same(a[k], b[k], '%s[%r]' % (where, k)) for k in a)
    if isinstance(a, (tuple, list)):
        if len(a) != len(b):
            problem('%s: length %d, want %d' % (where, len(a), len(b)))
            return False
        return all(same(x, y, '%s[%d]' % (where, i)) for i, (x, y) in enumerate(zip(a, b)))
    if a != b or (isinstance(a, float) and str(a) != str(b)):  # -0.0 is not 0.0
        problem('%s: %r, want %r' % (where, a, b))
        return False
    return True


def check(stat, ref, seen, player):
    """Compares the frames the AI has not seen yet with the rebuild's, then
    scribbles over them as a careless AI would."""
    log = stat['log']
    if len(log) != len(ref.frames):
        problem('player %d: %d frames in the log, want %d' % (player, len(log), len(ref.frames)))
        return seen
    if stat['now'] is not log[-1]:
        problem('player %d: now is not the last frame' % player)
    for k in range(seen, len(log)):
        f, want = log[k], ref.frames[k]
        if not same(f, want, 'player %d frame %d' % (player, k)):
            continue
        if f['me'] is not f['players'][ref.me] or f['enemy'] is not f['players'][1 - ref.me]:
            problem('player %d frame %d: me and enemy are not the players dicts' % (player, k))
    for k in range(seen, len(log)):  # the AI's mischief
        f = log[k]
        for p in f['players']:
            p['x'], p['y'] = -7, -7
            p['spare'] = True
        f['players'].append({'id': 3})
        f['turnleft'] = (0, 0)
        f['extra'] = 1
    return len(log)


def main():
    driver_path, requests_path, pyai = sys.argv[1:4]
    sys.path.insert(0, pyai)
    spec = importlib.util.spec_from_file_location('paperio_driver', driver_path)
    drv = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(drv)
    with open(requests_path, 'rb') as f:
        data = f.read()
    refs, seen, turns = [None, None], [0, 0], [0]

    class AI:
        """The module the drivers run: play checks, then answers straight."""
        def __init__(self, player):
            self.player = player

        def load(self, stat, storage):
            seen[self.player] = check(stat, refs[self.player], seen[self.player], self.player)

        def play(self, stat, storage):
            turns[0] += 1
            seen[self.player] = check(stat, refs[self.player], seen[self.player], self.player)
            return None

    drivers = []
    for i in range(2):
        d = drv.Driver()
        d.module = AI(i)
        d.write = lambda b: None
        d.reply = lambda kind, payload=b'': problem('reply %r %r' % (kind, payload[:300])) if kind not in (b'D', b'A') else None
        drivers.append(d)
    off = 0
    while off < len(data):
        n, = struct.unpack_from('<I', data, off)
        who, req = data[off + 4], data[off + 5:off + 4 + n]
        off += 4 + n
        if req[4] == drv.GAME_START:
            me, w, h = GAME.unpack_from(req, HEADER)
            refs[who] = Rebuild(me, w, h)
            refs[who].read(req, HEADER + GAME.size, 1)
            drivers[who].new_game(req)
        else:
            refs[who].read(req, HEADER + 1, req[HEADER])
            drivers[who].play(req)
    if problems:
        print('\n'.join(problems))
    else:
        print('ok %d %d' % (len(refs[0].frames) + len(refs[1].frames), turns[0]))


main()
