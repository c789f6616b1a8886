# Counts its plays at module level.
COUNT = 0


def play(stat, storage):
    global COUNT
    COUNT += 1
