# Stops its parent (a fork server, or the sandbox) with SIGSTOP, then plays
# on, walking its square.
import os
import signal


def play(stat, storage):
    if len(stat['log']) == 3:
        os.kill(os.getppid(), signal.SIGSTOP)
        print('STOPPED PARENT')
    storage['n'] = storage.get('n', 0) + 1
    return 'right' if storage['n'] % 8 == 0 else None
