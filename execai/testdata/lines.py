#!/usr/bin/env python3
# A player of no game in particular, for the tests of Conn: it answers the
# hello, then does what each message's "do" says.
import json
import sys

for line in sys.stdin:
    msg = json.loads(line)
    do = msg.get('do')
    if msg.get('type') == 'hello' or do == 'echo':
        print(json.dumps({'got': msg.get('n', 0)}), flush=True)
    elif do == 'garbage':
        print('not json', flush=True)
    elif do == 'hang':
        while True:
            pass
    elif do == 'exit':
        sys.stderr.write('bye\n')
        sys.exit(4)
    elif do == 'twice':
        print('{}', flush=True)
        print('{}', flush=True)
