# What one 2000-round game cost on the course platform, at least: every
# half-step it copied both grids into new tuples of tuples and built a frame
# dict for each player and one for the public log, all kept to the end, and
# called the AI in the same process. The rules themselves are left out
# (they only add time). Run: python3 course_cost.py [games]
import resource
import sys
import time

W, H, T = 102, 101, 2000


def game():
    fields = [[None] * H for _ in range(W)]
    bands = [[None] * H for _ in range(W)]
    heads = [[25, 50, 0], [76, 50, 2]]
    turns, times = [T, T], [30, 30]

    def frame(f, b, me=None):
        players = [{'id': i + 1, 'x': heads[i][0], 'y': heads[i][1], 'direction': heads[i][2]} for i in (0, 1)]
        res = {'turnleft': tuple(turns), 'timeleft': tuple(times), 'fields': f, 'players': players, 'bands': b}
        if me is None:
            res['band_route'] = [(), ()]
        else:
            res['me'], res['enemy'] = players[me], players[1 - me]
        return res

    def square(stat, storage):  # the trivial AI
        storage['n'] = storage.get('n', 0) + 1
        return 'right' if storage['n'] % 8 == 0 else None

    f, b = tuple(tuple(c) for c in fields), tuple(tuple(c) for c in bands)
    stats = [{'size': (W, H), 'log': [frame(f, b, i)]} for i in (0, 1)]
    for s in stats:
        s['now'] = s['log'][0]
    public = [frame(f, b)]
    storages = [{}, {}]
    for r in range(T):
        for i in (0, 1):
            t1 = time.perf_counter()
            square(stats[i], storages[i])
            times[i] -= time.perf_counter() - t1
            turns[i] -= 1
            bands[(7 * r + i) % W][(3 * r) % H] = i + 1  # a move changes the board
            f, b = tuple(tuple(c) for c in fields), tuple(tuple(c) for c in bands)
            for j in (0, 1):
                new = frame(f, b, j)
                stats[j]['log'].append(new)
                stats[j]['now'] = new
            public.append(frame(f, b))


for _ in range(int(sys.argv[1]) if len(sys.argv) > 1 else 1):
    t = time.perf_counter()
    game()
    print('course-like game: %.2f s' % (time.perf_counter() - t))
print('peak memory: %.0f MB' % (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024))
