#!/usr/bin/env python3
# A stellar player written from docs/PROTOCOL.md alone: every turn, each of
# its nodes sends half its force to its first neighbour.
import json
import sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg['type'] == 'hello':
        assert msg['game'] == 'stellar' and msg['protocol'] == 1, msg
        answer = {'name': 'spread'}
    elif msg['type'] == 'start':
        me, neighbours = msg['me'], msg['board']['neighbours']
        assert len(neighbours) == msg['board']['nodes']
        answer = {}
    elif msg['type'] == 'turn':
        commands = []
        for k, owner in enumerate(msg['owners']):
            force = msg['forces'][k][me - 1]
            if owner == me and force > 2 and neighbours[k]:
                commands.append([k + 1, neighbours[k][0], force / 2])
        answer = {'commands': commands}
    else:
        continue
    print(json.dumps(answer), flush=True)
