# hunter: a course-style paper.io AI (play(stat, storage), standard library only).
#
# Strategy: an aggressive farmer. It farms with farmer.py's safe rectangular
# loops (the same planner, bigger loops: PACE 0.8 favours area over speed),
# and hunts:
# - Every move the enemy is out with a band within KILL_RADIUS (30) cells,
#   it computes how many moves the enemy needs to get home (a breadth-first
#   search from the enemy's head that avoids the enemy's own band) and its
#   own shortest way onto that band; when it gets there first, and its own
#   band (laid so far and on the way) stays further from the enemy than the
#   chase lasts, it chases and cuts: the enemy cannot escape.
# - When it cannot get there first it still heads for the enemy's band while
#   it stays on its own territory, or steps off it only as far as it could
#   still get home safely: the enemy has to go home early and farms less.
# - It takes any move that wins at once (onto the enemy's band, or onto its
#   head where the rules give the mover the win) and never stands next to
#   the enemy's head off its own territory.
# When its think time runs short (ECONOMY, as farmer) it stops hunting.
from collections import deque

DX = (1, 0, -1, 0)  # east, south, west, north
DY = (0, 1, 0, -1)
ACTION = {0: 'S', 1: 'R', 3: 'L'}  # (new direction - direction) % 4

LEGS = (2, 3, 5, 7, 9, 12, 15, 19, 24, 30, 36)  # how far out
WIDTHS = (1, 2, 4, 6, 8, 11, 14, 18, 23, 29, 36)  # how wide
BACK = 8  # the way back may be this much longer than the way out
MARGIN_PLAN = 2  # spare enemy steps when a loop is chosen
MARGIN_RUN = 1  # ... and on every move out of territory
KILL_RADIUS = 30  # how far it looks for a certain kill
HUNT = True  # follow the enemy's band when no kill is certain
STEAL = 3  # worth of an enemy cell taken, a free cell being 1
PACE = 0.8  # score = cells / moves ** PACE
ECONOMY = 0.006  # think time a move left, in s, under which it thinks less
RUSH = 0.25  # how fast the enemy is assumed to come at a loop being chosen


def load(stat, storage):
    storage['game'] = {'plan': [], 'band': [], 'eband': []}


def play(stat, storage):
    g = storage.get('game')
    if g is None or len(stat['log']) <= 2:
        load(stat, storage)
        g = storage['game']
    v = View(stat)
    track(v, g)
    d = choose(v, g)
    return ACTION[(d - v.md) % 4]


class View:
    """The latest frame, unpacked once."""

    def __init__(self, stat):
        now = stat['now']
        self.w, self.h = stat['size']
        self.fields, self.bands = now['fields'], now['bands']
        me, en = now['me'], now['enemy']
        self.mid, self.eid = me['id'], en['id']
        self.mx, self.my, self.md = me['x'], me['y'], me['direction']
        self.ex, self.ey, self.ed = en['x'], en['y'], en['direction']
        self.left = now['turnleft'][self.mid - 1]
        self.time = now['timeleft'][self.mid - 1]

    def short(self):
        """Whether think time runs short: under ECONOMY s a move left on
        average (a loaded machine slows every move), and then the cheap
        choices are made."""
        return self.time < ECONOMY * self.left

    def on(self, x, y):
        return 0 <= x < self.w and 0 <= y < self.h

    def mine(self, x, y):
        return self.fields[x][y] == self.mid

    def enemy_dist(self, x, y):
        return abs(x - self.ex) + abs(y - self.ey)

    def dirs(self, d):
        """The three directions a head going d may take."""
        return (d, (d + 1) % 4, (d + 3) % 4)


def track(v, g):
    """Keeps both players' band cells: the cells each stood on since it was
    last on its own territory (each half-step is seen, so nothing is
    missed), less any the board no longer shows as that player's band."""
    for key, x, y, pid in (('band', v.mx, v.my, v.mid), ('eband', v.ex, v.ey, v.eid)):
        band = g[key]
        if v.fields[x][y] == pid:
            g[key] = []
            continue
        if not band or band[-1] != (x, y):
            band.append((x, y))
        if len(band) % 16 == 0:
            g[key] = [c for c in band if v.bands[c[0]][c[1]] == pid]


def choose(v, g):
    moves = [d for d in v.dirs(v.md) if legal(v, d)]
    if not moves:
        return v.md  # walled in: every move loses
    for d in moves:
        if wins(v, d):
            return d
    moves = [d for d in moves if not near_head(v, d)] or moves
    path = kill_path(v, g)
    if path:
        g['plan'] = []
        return toward(v, path[0])
    home = v.mine(v.mx, v.my)
    plan = check_plan(v, g, g['plan'])
    if plan is None:
        plan = make_plan(v, g) if home else None
        if plan is None and not home:
            plan = path_home(v)
    if plan is None:
        g['plan'] = []
        return stay(v, g, moves)
    g['plan'] = plan
    d = toward(v, plan[0])
    return d if d in moves else moves[0]


def legal(v, d):
    x, y = v.mx + DX[d], v.my + DY[d]
    return v.on(x, y) and v.bands[x][y] != v.mid


def wins(v, d):
    """Whether moving d wins at once: onto the enemy's band, or onto its
    head where the rules give the win to the mover."""
    x, y = v.mx + DX[d], v.my + DY[d]
    if (x, y) == (v.ex, v.ey):
        f = v.fields[x][y]
        return f == v.mid or (f != v.eid and d % 2 != v.ed % 2)
    return v.bands[x][y] == v.eid


def near_head(v, d):
    """Whether moving d meets the enemy head where the rules do not give
    us the win, or puts us off our territory next to it (it could step
    onto us there)."""
    x, y = v.mx + DX[d], v.my + DY[d]
    return abs(x - v.ex) + abs(y - v.ey) <= (0 if v.mine(x, y) else 1)


def toward(v, cell):
    for d in range(4):
        if (v.mx + DX[d], v.my + DY[d]) == cell:
            return d
    return v.md


def exposed(v, g, path):
    """The smallest enemy distance to a cell of our band, now or laid on
    path (cells on our territory are not band)."""
    best = 1 << 30
    for x, y in g['band']:
        best = min(best, abs(x - v.ex) + abs(y - v.ey))
    for x, y in path:
        if v.fields[x][y] != v.mid:
            best = min(best, abs(x - v.ex) + abs(y - v.ey))
    return best


def check_plan(v, g, plan):
    """plan (cells to step on, ending on our territory) cut where it now
    closes, or None when it no longer leads home safely."""
    if plan and plan[0] == (v.mx, v.my):
        plan = plan[1:]  # the cell we stepped onto last move
    if not plan or abs(plan[0][0] - v.mx) + abs(plan[0][1] - v.my) != 1:
        return None
    out = not v.mine(v.mx, v.my)
    for i, (x, y) in enumerate(plan):
        if not v.on(x, y) or v.bands[x][y] == v.mid:
            return None
        if v.fields[x][y] == v.mid:
            if out:
                plan = plan[:i + 1]
                break
        else:
            out = True
    else:
        return None
    if len(plan) > v.left:
        return None
    if exposed(v, g, plan) >= len(plan) + MARGIN_RUN:
        return plan
    # The whole loop is no longer out of the enemy's reach: one more move
    # along it is still fine if the way home from there is.
    home = path_home_from(v, g, plan[0], exposed(v, g, plan[:1]))
    if home is not None and exposed(v, g, [plan[0]] + home) >= len(home) + 1 + MARGIN_RUN:
        return plan
    return None


def prefix(v):
    """Prefix sums of what each cell is worth taking: ours 0, free 1, the
    enemy's STEAL; s[x + 1][y + 1] sums the box from (0, 0) to (x, y)."""
    mid, eid, h = v.mid, v.eid, v.h
    worth = {mid: 0, eid: STEAL, None: 1}
    prev = [0] * (h + 1)
    s = [prev]
    for col in v.fields:
        run, cur = 0, [0]
        for y in range(h):
            run += worth[col[y]]
            cur.append(prev[y + 1] + run)
        s.append(cur)
        prev = cur
    return s


def make_plan(v, g):
    """The best safe rectangular loop from home, as the cells to step on."""
    if v.time < 1:
        return None
    s = prefix(v)
    legs, widths = (LEGS[1::2], WIDTHS[1::2]) if v.short() else (LEGS, WIDTHS)
    best, best_score = None, 0.0
    for d1 in v.dirs(v.md):
        for turn in (1, 3):
            d2 = (d1 + turn) % 4
            d3 = (d2 + turn) % 4
            for a in legs:
                for b in widths:
                    cells = walk(v, ((d1, a), (d2, b), (d3, a + BACK)))
                    if cells is None or len(cells) > v.left:
                        continue
                    score = worth(v, s, cells) / len(cells) ** PACE
                    if score > best_score and exposed(v, g, cells) >= risk(v, cells, d1) + MARGIN_PLAN:
                        best, best_score = cells, score
    return best


def risk(v, cells, d1):
    """The enemy distance a loop needs when chosen: at each of its moves,
    the way the enemy has come by then (RUSH per move: it seldom heads
    straight at us) plus our way home from there, which is the rest of
    the loop or, cut short, about as far as the loop is out (and two to
    turn). Moves out of territory keep the exact promise (see check_plan)."""
    exit = None
    need = 0
    for j, (x, y) in enumerate(cells):
        if exit is None:
            if v.fields[x][y] == v.mid:
                continue
            exit = (x, y)
        depth = abs((x - exit[0]) * DX[d1] + (y - exit[1]) * DY[d1]) + 2
        need = max(need, RUSH * (j + 1) + min(len(cells) - j - 1, depth))
    return need


def walk(v, legs):
    """The cells of a loop made of legs (direction, length) from the head,
    up to where it closes on our territory; None if it runs off the board,
    into our band, or does not close."""
    x, y = v.mx, v.my
    w, h, fields, bands, mid = v.w, v.h, v.fields, v.bands, v.mid
    cells, out = [], False
    for d, n in legs:
        dx, dy = DX[d], DY[d]
        for _ in range(n):
            x += dx
            y += dy
            if x < 0 or y < 0 or x >= w or y >= h:
                return None
            cells.append((x, y))
            if fields[x][y] == mid:
                if out:
                    return cells
            elif bands[x][y] == mid:
                return None
            else:
                out = True
    return None


def worth(v, s, cells):
    """What the box of the loop's cells off our territory is worth."""
    xs = [x for x, y in cells if v.fields[x][y] != v.mid]
    ys = [y for x, y in cells if v.fields[x][y] != v.mid]
    x0, x1, y0, y1 = min(xs), max(xs) + 1, min(ys), max(ys) + 1
    return s[x1][y1] - s[x0][y1] - s[x1][y0] + s[x0][y0]


def bfs(v, start_dirs, blocked, goal, limit):
    """Breadth-first from the head, first step along start_dirs, never onto
    a cell blocked(x, y) says no to; the path to the first cell goal(x, y)
    accepts, within limit steps, or None."""
    parent = {(v.mx, v.my): None}
    q = deque()
    for d in start_dirs:
        c = (v.mx + DX[d], v.my + DY[d])
        if v.on(*c) and not blocked(*c) and c not in parent:
            parent[c] = (v.mx, v.my)
            q.append((c, 1))
    while q:
        c, n = q.popleft()
        if goal(*c):
            path = []
            while c != (v.mx, v.my):
                path.append(c)
                c = parent[c]
            return path[::-1]
        if n >= limit:
            continue
        x, y = c
        for d in range(4):
            nc = (x + DX[d], y + DY[d])
            if nc not in parent and v.on(*nc) and not blocked(*nc):
                parent[nc] = c
                q.append((nc, n + 1))
    return None


def path_home(v):
    bands, mid = v.bands, v.mid
    return bfs(v, v.dirs(v.md), lambda x, y: bands[x][y] == mid, v.mine, v.w + v.h)


def enemy_home(v, g):
    """How many moves the enemy needs to close its band at best, counted
    up to KILL_RADIUS."""
    bands, fields, eid = v.bands, v.fields, v.eid
    ev = Swapped(v)
    path = bfs(ev, ev.dirs(v.ed), lambda x, y: bands[x][y] == eid, lambda x, y: fields[x][y] == eid, KILL_RADIUS)
    return len(path) if path else 1 << 20  # further than we look


class Swapped:
    """The view from the enemy's head, for its way home."""

    def __init__(self, v):
        self.mx, self.my, self.w, self.h, self.on, self.dirs = v.ex, v.ey, v.w, v.h, v.on, v.dirs


def kill_path(v, g):
    """A way onto the enemy's band that gets there no later than the enemy
    can close it, and keeps our own band out of its reach meanwhile."""
    eband = g['eband']
    if not eband:
        return None
    near = min(abs(x - v.mx) + abs(y - v.my) for x, y in eband)
    if near > KILL_RADIUS or v.short():
        return None
    limit = min(enemy_home(v, g), KILL_RADIUS)
    if near > limit:
        return hunt(v, g, near) if HUNT else None
    bands, mid, eid = v.bands, v.mid, v.eid
    path = bfs(v, v.dirs(v.md), lambda x, y: bands[x][y] == mid, lambda x, y: bands[x][y] == eid, limit)
    if path is None:
        return hunt(v, g, near) if HUNT else None
    if exposed(v, g, path[:-1]) < len(path):
        return None
    return path


def hunt(v, g, near):
    """The first steps toward the enemy's band (near cells off as the crow
    flies; a few more on the way) while we stay on our territory or safe
    off it: the enemy must go home early."""
    bands, mid, eid = v.bands, v.mid, v.eid
    path = bfs(v, v.dirs(v.md), lambda x, y: bands[x][y] == mid, lambda x, y: bands[x][y] == eid, near + 4)
    if not path:
        return None
    x, y = path[0]
    if v.fields[x][y] == mid:
        return path
    home = path_home_from(v, g, path[0], exposed(v, g, path[:1]))
    if home is not None and exposed(v, g, [path[0]] + home) >= len(home) + 1 + MARGIN_PLAN:
        return path
    return None


def path_home_from(v, g, cell, limit):
    """The way home after stepping onto cell (our band then on it), if it
    is shorter than limit."""
    bands, mid = v.bands, v.mid
    d = toward(v, cell)
    sub = Swapped(v)
    sub.mx, sub.my = cell
    return bfs(sub, v.dirs(d), lambda x, y: bands[x][y] == mid or (x, y) == (v.mx, v.my) and not v.mine(x, y),
               v.mine, limit)


def stay(v, g, moves):
    """No safe loop: keep on our territory, straight on if we can, else the
    move that keeps furthest from the enemy."""
    home = [d for d in moves if v.mine(v.mx + DX[d], v.my + DY[d])]
    if home:
        if v.md in home and v.on(v.mx + 2 * DX[v.md], v.my + 2 * DY[v.md]) and \
                v.mine(v.mx + 2 * DX[v.md], v.my + 2 * DY[v.md]):
            return v.md
        return max(home, key=lambda d: v.enemy_dist(v.mx + DX[d], v.my + DY[d]))
    return max(moves, key=lambda d: v.enemy_dist(v.mx + DX[d], v.my + DY[d]))
