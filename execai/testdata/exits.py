#!/usr/bin/env python3
# Plays two turns, then says why on standard error and exits.
import sys
turns = 0
for line in sys.stdin:
    if '"hello"' in line:
        print('{}', flush=True)
        continue
    if '"start"' in line:
        print('{}', flush=True)
    elif '"turn"' in line:
        turns += 1
        if turns > 2:
            sys.stderr.write('giving up after two turns\n')
            sys.exit(3)
        print('{"move": "S"}', flush=True)
