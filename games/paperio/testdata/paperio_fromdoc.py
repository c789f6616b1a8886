#!/usr/bin/env python3
# A paper.io player written from docs/PROTOCOL.md alone. It keeps the board
# from start and the changes, and checks it every turn: its head stands on
# its own territory or its own band (else the changes were not what the
# board shows, and it dies of the assertion: ERR). It walks a square,
# turning right every fifth move, and before a wall or its own band.
import json
import sys

DX, DY = (1, 0, -1, 0), (0, 1, 0, -1)
for line in sys.stdin:
    msg = json.loads(line)
    kind = msg['type']
    if kind == 'hello':
        assert msg['protocol'] == 1 and msg['game'] == 'paperio', msg
        print(json.dumps({'name': 'from the doc'}), flush=True)
        continue
    if kind == 'start':
        me, w, h = msg['me'], msg['board']['width'], msg['board']['height']
        fields = [list(map(int, col)) for col in msg['state']['fields']]
        bands = [list(map(int, col)) for col in msg['state']['bands']]
        assert len(fields) == w and len(fields[0]) == h
        steps = 0
        print('{}', flush=True)
        continue
    state = msg['state']
    for x, y, f, b in state['changes']:
        fields[x][y], bands[x][y] = f, b
    if kind == 'end':
        continue
    head = state['players'][me - 1]
    x, y, d = head['x'], head['y'], head['direction']
    assert fields[x][y] == me or bands[x][y] == me, 'my head is not on my territory or band'
    steps += 1
    move = 'S'
    order = (('R', (d + 1) % 4), ('S', d), ('L', (d + 3) % 4)) if steps % 5 == 0 else \
        (('S', d), ('R', (d + 1) % 4), ('L', (d + 3) % 4))
    for turn, nd in order:
        nx, ny = x + DX[nd], y + DY[nd]
        if 0 <= nx < w and 0 <= ny < h and bands[nx][ny] != me:
            move = turn
            break
    print(json.dumps({'move': move}), flush=True)
