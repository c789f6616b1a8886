#!/usr/bin/env python3
# Opens a network socket at the start: refused, it dies of the error.
import socket
import sys
for line in sys.stdin:
    if '"hello"' in line:
        print('{}', flush=True)
        continue
    if '"start"' in line:
        socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        print('{}', flush=True)
