#!/usr/bin/env python3
# Starts processes until it cannot; each child does the same. A contained
# player cannot start any: os.fork raises, and the player dies of it.
import os
import sys
for line in sys.stdin:
    if '"hello"' in line:
        print('{}', flush=True)
        continue
    if '"start"' in line:
        while True:
            if os.fork() == 0:
                continue
        print('{}', flush=True)
