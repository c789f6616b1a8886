# square.py that prints a line every move, as course AIs printing their
# reasoning do.
SIDE = 8


def play(stat, storage):
    storage['turns'] = storage.get('turns', 0) + 1
    print('move', storage['turns'], 'log', len(stat['log']))
    if storage['turns'] % SIDE == 0:
        return 'right'
    return None


def load(stat, storage):
    storage['turns'] = 0
