#!/usr/bin/env python3
# Answers every message with many lines, and floods standard error.
import sys
for line in sys.stdin:
    if '"hello"' in line:
        print('{}', flush=True)
        continue
    if '"start"' in line or '"turn"' in line:
        sys.stderr.write('x' * 100000 + '\n')
        sys.stdout.write('{"move": "S"}\n' * 1000)
        sys.stdout.flush()
