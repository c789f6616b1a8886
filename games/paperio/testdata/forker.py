# Starts a process that would outlive the game, and says so.
import os
import time


def play(stat, storage):
    if len(stat['log']) == 1 or len(stat['log']) == 2:
        try:
            pid = os.fork()
        except OSError as e:
            print('FORK FAILED', type(e).__name__, e.errno)
        else:
            if pid == 0:
                while True:
                    time.sleep(1)
            print('FORKED', pid)
    storage['n'] = storage.get('n', 0) + 1
    return 'R' if storage['n'] % 8 == 0 else 'S'
