#!/usr/bin/env python3
# Answers a turn with a move that does not exist.
import sys
for line in sys.stdin:
    if '"hello"' in line:
        print('{}', flush=True)
        continue
    if '"start"' in line:
        print('{}', flush=True)
    elif '"turn"' in line:
        print('{"move": "U"}', flush=True)
