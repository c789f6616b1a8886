#!/usr/bin/env python3
# Asks for 4 GiB at the start: past the memory limit, it dies of the error.
import sys
for line in sys.stdin:
    if '"hello"' in line:
        print('{}', flush=True)
        continue
    if '"start"' in line:
        hog = bytearray(4 << 30)
        print('{}', flush=True)
