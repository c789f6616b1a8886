# Checks, turn by turn, that stat, its frames and storage are what the
# course gave an AI, and says at summary time what it saw. A test may set
# ACTIONS to a whole game's actions (player 1, player 2, player 1, ...);
# otherwise it walks a square of side 8 around its start.
import hashlib
import json

ACTIONS = None
FRAME_KEYS = ['turnleft', 'timeleft', 'fields', 'players', 'bands', 'me', 'enemy']
COUNTS = {'imports': 0, 'loads': 0, 'inits': 0}
COUNTS['imports'] += 1
PROBLEMS = []
CHECKED = [0]


def problem(what):
    if len(PROBLEMS) < 20:
        PROBLEMS.append(what)


def check_frame(stat, k, prev):
    f = stat['log'][k]
    w, h = stat['size']
    if type(f) is not dict or list(f) != FRAME_KEYS:
        problem('frame %d keys %r' % (k, list(f)))
        return
    me = stat['me_index']
    if f['me'] is not f['players'][me] or f['enemy'] is not f['players'][1 - me]:
        problem('frame %d: me/enemy are not the players dicts' % k)
    if type(f['players']) is not list or [p['id'] for p in f['players']] != [1, 2]:
        problem('frame %d players %r' % (k, f['players']))
    for p in f['players']:
        if list(p) != ['id', 'x', 'y', 'direction']:
            problem('frame %d player keys %r' % (k, list(p)))
    tl = f['turnleft']
    T = stat['max_turns']
    if type(tl) is not tuple or tl != (T - (k + 1) // 2, T - k // 2):
        problem('frame %d turnleft %r' % (k, tl))
    tm = f['timeleft']
    if type(tm) is not tuple or len(tm) != 2 or not all(type(v) in (int, float) for v in tm):
        problem('frame %d timeleft %r' % (k, tm))
    if k == 0 and not all(type(v) is int for v in tm):
        problem('frame 0 timeleft not ints: %r' % (tm,))
    for key in ('fields', 'bands'):
        g = f[key]
        if type(g) is not tuple or len(g) != w:
            problem('frame %d %s is not a tuple of %d columns' % (k, key, w))
            continue
        for x, col in enumerate(g):
            if prev is not None and col is prev[key][x]:
                continue
            if type(col) is not tuple or len(col) != h or not set(col) <= {None, 1, 2}:
                problem('frame %d %s column %d is %r' % (k, key, x, type(col)))
            if prev is not None and col == prev[key][x]:
                problem('frame %d %s column %d equal to the previous frame but a new object' % (k, key, x))
    if prev is not None:
        if f['players'][0] is prev['players'][0] or f is prev:
            problem('frame %d shares its players with the previous frame' % k)
    CHECKED[0] += 1


def check_new_frames(stat, storage):
    log = stat['log']
    if stat['now'] is not log[-1]:
        problem('now is not log[-1]')
    for k in range(storage['seen'], len(log)):
        check_frame(stat, k, log[k - 1] if k > 0 else None)
    storage['seen'] = len(log)


def load(stat, storage):
    COUNTS['loads'] += 1
    if type(stat) is not dict or list(stat) != ['size', 'log', 'now']:
        problem('stat keys %r' % list(stat))
    if type(stat['size']) is not tuple:
        problem('size %r' % (stat['size'],))
    if len(stat['log']) != 1 or stat['now'] is not stat['log'][0]:
        problem('load: log has %d frames' % len(stat['log']))
    f = stat['now']
    stat['me_index'] = f['me']['id'] - 1
    stat['max_turns'] = f['turnleft'][0]
    storage['stat'] = stat
    storage['seen'] = 0
    storage['plays'] = 0
    storage['games'] = storage.get('games', 0) + 1
    check_new_frames(stat, storage)


def play(stat, storage):
    if stat is not storage['stat']:
        problem('play: a different stat dict than in load')
    me = stat['me_index']
    want = 1 + 2 * storage['plays'] + me
    if len(stat['log']) != want:
        problem('play %d: log has %d frames, want %d' % (storage['plays'], len(stat['log']), want))
    check_new_frames(stat, storage)
    k = storage['plays']
    storage['plays'] += 1
    if ACTIONS is not None:
        return ACTIONS[2 * k + me]
    return 'right' if (k + 1) % 8 == 0 else 'straight'


def init(storage):
    COUNTS['inits'] += 1
    if storage != {}:
        problem('init: storage is not empty: %r' % sorted(storage))
    storage['init'] = True


def summary(match_result, stat, storage):
    check_new_frames(stat, storage)
    cache = {}

    def grid(g):
        out = []
        for col in g:
            b = cache.get(id(col))
            if b is None:
                b = cache[id(col)] = (col, bytes(v or 0 for v in col))
            out.append(b[1])
        return b''.join(out)

    h = hashlib.sha256()
    for f in stat['log']:
        d = hashlib.sha256(grid(f['fields']) + grid(f['bands'])).hexdigest()[:16]
        p = f['players']
        h.update(('%s:%d,%d,%d,%d,%d,%d:%d,%d\n' % (d, p[0]['x'], p[0]['y'], p[0]['direction'],
                                                    p[1]['x'], p[1]['y'], p[1]['direction'],
                                                    f['turnleft'][0], f['turnleft'][1])).encode())
    report = dict(COUNTS, result=list(match_result), games=storage['games'], init=storage.get('init', False),
                  frames=len(stat['log']), checked=CHECKED[0], digest=h.hexdigest(), problems=PROBLEMS,
                  timeleft=list(stat['now']['timeleft']), timeleft0=list(stat['log'][0]['timeleft']))
    print('PROBE ' + json.dumps(report))
