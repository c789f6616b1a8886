#!/usr/bin/env python3
# Answers the start, then answers a turn with text that is not JSON.
import sys
for line in sys.stdin:
    if '"hello"' in line:
        print('{}', flush=True)
        continue
    if '"start"' in line:
        print('{}', flush=True)
    elif '"turn"' in line:
        print('left, please', flush=True)
