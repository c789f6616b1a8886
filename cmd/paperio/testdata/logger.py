#!/usr/bin/env python3
"""A player of any game that keeps a record beside itself: one line in
starts for each process started, and every message it receives, as it
came, in messages. It goes straight on (paper.io), makes the first swap
offered (eraser) and sends no commands (stellar). Tests run it with
--sandbox off, so that it may write beside itself."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def keep(name, line):
    with open(os.path.join(HERE, name), 'a') as f:
        f.write(line)


keep('starts', '%d\n' % os.getpid())
sys.stderr.write('logger %d started\n' % os.getpid())
sys.stderr.flush()
for line in sys.stdin:
    keep('messages', line)
    m = json.loads(line)
    t = m['type']
    if t == 'hello':
        answer = {'name': 'a name the runner does not use'}
    elif t == 'start':
        answer = {}
    elif t == 'end':
        continue
    elif 'operations' in m:
        answer = {'move': m['operations'][0]}
    elif 'owners' in m:
        answer = {'commands': []}
    else:
        answer = {'move': 'S'}
    sys.stdout.write(json.dumps(answer, separators=(',', ':')) + '\n')
    sys.stdout.flush()
