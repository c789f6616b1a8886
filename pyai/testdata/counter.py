# Counts its steps at module level.
COUNT = 0


def step():
    global COUNT
    COUNT += 1
