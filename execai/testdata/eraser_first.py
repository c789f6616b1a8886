#!/usr/bin/env python3
# An eraser player written from docs/PROTOCOL.md alone: it makes the first
# swap offered, and checks the board it is given.
import json
import sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg['type'] == 'hello':
        assert msg['game'] == 'eraser' and msg['protocol'] == 1, msg
        answer = {'name': 'first'}
    elif msg['type'] == 'start':
        width, height = msg['board']['width'], msg['board']['height']
        answer = {}
    elif msg['type'] == 'turn':
        board = msg['board']
        assert len(board) == width and all(len(col) == height for col in board), 'board shape'
        assert all(c in 'RBGYP.' for col in board for c in col), 'board letters'
        answer = {'move': msg['operations'][0]}
    else:
        continue
    print(json.dumps(answer), flush=True)
