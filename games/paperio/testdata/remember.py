# Remembers, at module level, every game it has played, and leaves a file
# in its working directory: a fresh import per game sees neither.
import os

GAMES = []


def load(stat, storage):
    GAMES.append(stat['now']['me']['id'])
    print('GAMES SEEN', len(GAMES))
    print('FILE LEFT', os.path.exists('left.txt'))
    with open('left.txt', 'w') as f:
        f.write('x')
    try:
        with open('/tmp/left.txt', 'w') as f:
            f.write('x')
        print('TMP WRITE OK')
    except OSError as e:
        print('TMP WRITE REFUSED', e.errno)


def play(stat, storage):
    storage['n'] = storage.get('n', 0) + 1
    return 'right' if storage['n'] % 8 == 0 else None
