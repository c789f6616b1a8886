# As player 1 it fails the way FAIL says (set by the test); as player 2 it
# walks its square for the whole game.
import os

FAIL = None


def play(stat, storage):
    if stat['now']['me']['id'] == 1 and len(stat['log']) > 4:
        if FAIL == 'crash':
            os._exit(9)
        if FAIL == 'hang':
            while True:
                pass
        if FAIL == 'memory':
            storage['x'] = bytearray(1 << 40)
    storage['n'] = storage.get('n', 0) + 1
    return 'right' if storage['n'] % 8 == 0 else None
