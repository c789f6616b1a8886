"""A paper.io course AI that plays a policy learned by behaviour cloning.

python3 -m paperio.examples.bc OUT copies this file to OUT/ai.py beside the
weights it trained (OUT/policy.npz); the toolkit plays it as py:OUT/ai.py
(with --python /usr/bin/python3, or any Python that has numpy). It uses the
course's interface only (play(stat, storage)) and needs nothing of the
toolkit: it makes the observation of docs/OBSERVATION.md (version 1, an 11x11
crop and the scalars) from the course's stat itself, exactly as the library
makes it, and moves as the policy says, never into a move that loses at once
(off the board or onto its own band) while another is left.
"""

import json
import os

# A move is a few small matrix products, which numpy's threads only slow
# down: one thread, when this module is the first to load numpy (as in the
# course AI's process).
for _var in ('OPENBLAS_NUM_THREADS', 'OMP_NUM_THREADS', 'MKL_NUM_THREADS'):
    os.environ.setdefault(_var, '1')

import numpy as np  # noqa: E402

DX = (1, 0, -1, 0)  # east, south, west, north
DY = (0, 1, 0, -1)
MOVES = ('L', 'S', 'R')  # the actions by index


def band_to_head(bands, counts, owner, hx, hy):
    """Manhattan distance from owner's nearest band cell to (hx, hy), or -1
    when owner has no band; counts[x] is owner's band cells in column x."""
    best = -1
    for x, n in enumerate(counts):
        if n:
            col, y = bands[x], -1
            for _ in range(n):
                y = col.index(owner, y + 1)
                d = abs(x - hx) + abs(y - hy)
                if best < 0 or d < best:
                    best = d
    return best


class _Counts:
    """Cells of each value per column of a grid, counted again only for the
    columns that changed: the course's frames keep an unchanged column as
    the same tuple object from one frame to the next."""

    def __init__(self):
        self.cols, self.ones, self.twos = (), [], []

    def totals(self, grid):
        if len(self.cols) != len(grid):
            self.cols, self.ones, self.twos = [None] * len(grid), [0] * len(grid), [0] * len(grid)
        cols = self.cols
        for x, col in enumerate(grid):
            if col is not cols[x]:
                cols[x] = col
                self.ones[x], self.twos[x] = col.count(1), col.count(2)
        return sum(self.ones), sum(self.twos)


_fields, _bands = _Counts(), _Counts()

# The sides of a ring: from a corner (a, b) one cell (da, db) at a time,
# clockwise from straight ahead.
_SIDES = ((1, 0, -1, 1), (0, 1, -1, -1), (-1, 0, 1, -1), (0, -1, 1, 1))


def home(fields, own, hx, hy, d, size):
    """The nearest own territory cell, a cells ahead and b to the right at
    distance r, the first of its ring from straight ahead clockwise; (0, 0,
    -1) without territory (the caller knows there is some)."""
    width, height = size
    ax, ay, rx, ry = DX[d], DY[d], DX[(d + 1) % 4], DY[(d + 1) % 4]
    if 0 <= hx < width and 0 <= hy < height and fields[hx][hy] == own:
        return 0, 0, 0
    for r in range(1, width + height + 1):
        for sa, sb, da, db in _SIDES:
            for t in range(r):
                a, b = sa * r + t * da, sb * r + t * db
                x, y = hx + a * ax + b * rx, hy + a * ay + b * ry
                if 0 <= x < width and 0 <= y < height and fields[x][y] == own:
                    return a, b, r
    return 0, 0, -1


def load_policy(path):
    """The policy saved at path, a weights file of docs/POLICY.md (version
    1) whose network is a perceptron over one crop and the scalars: its
    layers as (w, b) with x @ w + b, and its crop size. The first layer
    takes the features as they come (the standardisation learned in
    training is folded into it)."""
    w = np.load(path)
    meta = json.loads(bytes(w['meta']).decode('utf-8'))
    towers = meta.get('towers', [])
    if (meta.get('format'), meta.get('version')) != ('paperio-policy', 1) or len(towers) != 1 or \
            towers[0].get('conv') or not towers[0].get('view', '').startswith('crop') or \
            meta.get('scalars') is False or meta.get('mask_exposure'):
        raise ValueError('%s: not a perceptron over one crop and the scalars (docs/POLICY.md)' % path)
    names = ['fc.%d' % i for i in range(len(meta.get('hidden', [])))] + ['pi']
    return [(w[n + '.weight'].T, w[n + '.bias']) for n in names], int(towers[0]['view'][4:])


# The policy beside this file, read at the first move.
_policy = {}


def observe(frame, size, max_turns, k):
    """The observation of frame for the player frame['me']: planes (uint8,
    7 x k x k) and scalars (float32, 24), docs/OBSERVATION.md version 1."""
    width, height = size
    me, en = frame['me'], frame['enemy']
    own, opp = me['id'], en['id']
    hx, hy, d = me['x'], me['y'], me['direction']
    ex, ey, ed = en['x'], en['y'], en['direction']
    ax, ay = DX[d], DY[d]
    rx, ry = DX[(d + 1) % 4], DY[(d + 1) % 4]
    r = k // 2
    fields, bands = frame['fields'], frame['bands']
    planes = np.zeros((7, k, k), np.uint8)
    flat = [[] for _ in range(7)]  # (i*k + j) of the cells set, per plane
    for i in range(k):
        bx, by = hx + (r - i) * ax - r * rx, hy + (r - i) * ay - r * ry
        for j in range(k):
            x, y = bx + j * rx, by + j * ry
            at = i * k + j
            if not (0 <= x < width and 0 <= y < height):
                flat[6].append(at)
                continue
            f, b = fields[x][y], bands[x][y]
            if f == own:
                flat[0].append(at)
            elif f == opp:
                flat[2].append(at)
            if b == own:
                flat[1].append(at)
            elif b == opp:
                flat[3].append(at)
            if x == ex and y == ey:
                flat[5].append(at)
    if 0 <= hx < width and 0 <= hy < height:
        flat[4].append(r * k + r)
    view = planes.reshape(7, k * k)
    for p, cells in enumerate(flat):
        view[p, cells] = 1

    f1, f2 = _fields.totals(fields)
    b1, b2 = _bands.totals(bands)
    area = {1: f1, 2: f2}
    band = {1: b1, 2: b2}
    cells, span = float(width * height), float(width + height)
    s = np.zeros(24, np.float32)
    s[d] = 1
    s[4 + (ed - d) % 4] = 1
    s[8] = frame['turnleft'][own - 1] / max_turns
    s[9], s[10] = area[own] / cells, area[opp] / cells
    s[11], s[12] = band[own] / span, band[opp] / span
    s[13], s[14] = hx / max(width - 1, 1), hy / max(height - 1, 1)
    s[15] = ((ex - hx) * ax + (ey - hy) * ay) / span
    s[16] = ((ex - hx) * rx + (ey - hy) * ry) / span
    s[17] = 1.0 if own == 1 else 0.0
    a, b, r = home(fields, own, hx, hy, d, size) if area[own] else (0, 0, -1)
    s[18], s[19], s[20] = a / span, b / span, (r / span if r >= 0 else -1.0)
    per_column = {1: _bands.ones, 2: _bands.twos}
    for i, (owner, x, y) in enumerate(((own, ex, ey), (opp, hx, hy))):
        dist = band_to_head(bands, per_column[owner], owner, x, y)
        s[21 + i] = dist / span if dist >= 0 else -1.0
    s[23] = (abs(ex - hx) + abs(ey - hy)) / span
    return planes, s


def features(planes, scalars):
    """The policy's input: the planes flattened, then the scalars."""
    return np.concatenate([planes.reshape(planes.shape[0], -1).astype(np.float32), scalars], axis=1)


def logits(layers, x):
    """The policy's scores of the three moves, for a batch of inputs."""
    for i, (w, b) in enumerate(layers):
        x = x @ w + b
        if i < len(layers) - 1:
            x = np.maximum(x, 0)
    return x


def unsafe(planes):
    """Which moves lose at once (off the board, onto the own band), from a
    batch of crops: the cells left of, ahead of and right of the head."""
    r = planes.shape[-1] // 2
    cells = [(r, r - 1), (r - 1, r), (r, r + 1)]  # left, straight, right
    bad = [planes[:, 6, i, j] | planes[:, 1, i, j] for i, j in cells]
    return np.stack(bad, axis=1).astype(bool)


def choose(layers, planes, scalars):
    """The policy's move (0 left, 1 straight, 2 right) for a batch: the most
    likely of the moves that do not lose at once, if any is left."""
    z = logits(layers, features(planes, scalars))
    bad = unsafe(planes)
    z = np.where(bad & ~bad.all(axis=1, keepdims=True), -np.inf, z)
    return z.argmax(axis=1)


def choose_one(layers, planes, scalars):
    """choose for one observation, without the batch's overheads: the
    planes are mostly 0, so the first layer adds up the rows of its weights
    where they are 1."""
    (w, b), rest = layers[0], layers[1:]
    flat = planes.ravel()
    z = w[np.flatnonzero(flat)].sum(axis=0) + scalars @ w[flat.size:] + b
    z = logits(rest, np.maximum(z, 0)) if rest else z
    r = planes.shape[-1] // 2
    bad = [bool(planes[6, i, j] or planes[1, i, j]) for i, j in ((r, r - 1), (r - 1, r), (r, r + 1))]
    if not all(bad):
        z = np.where(bad, -np.inf, z)
    return int(z.argmax())


def play(stat, storage):
    if not _policy:
        _policy['layers'], _policy['crop'] = load_policy(__file__.rsplit('/', 1)[0] + '/policy.npz')
    max_turns = stat['log'][0]['turnleft'][0]
    planes, scalars = observe(stat['now'], stat['size'], max_turns, _policy['crop'])
    return MOVES[choose_one(_policy['layers'], planes, scalars)]
