# Prints a lot, including bytes that look like the driver's protocol, and
# plays a square all the same.
import sys

FAKE = b'\x02\x00\x00\x00AL' + b'\x05\x00\x00\x00E' + b'Traceback'


def play(stat, storage):
    k = len(stat['log'])
    print('A' * 200, k)
    sys.stdout.buffer.write(FAKE * 50)
    sys.stderr.write('\x02\x00\x00\x00AR\n' * 20)
    print('PLAY', k, file=sys.stderr)
    storage['n'] = storage.get('n', 0) + 1
    return 'R' if storage['n'] % 8 == 0 else 'S'


def load(stat, storage):
    storage['n'] = 0
    sys.stdout.buffer.write(FAKE * 1000)
