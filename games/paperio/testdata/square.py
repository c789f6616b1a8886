# A trivial AI: walks a square of side 8 around its start, turning right
# at every corner. It encloses a square on its first lap and then stays on
# its own territory, so a game of two of them lasts all its rounds.
SIDE = 8


def play(stat, storage):
    n = len(stat['log'])
    storage['turns'] = storage.get('turns', 0) + 1
    if storage['turns'] % SIDE == 0:
        return 'right'
    return None


def load(stat, storage):
    storage['turns'] = 0
