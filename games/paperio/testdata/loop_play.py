# Plays four moves of every game, then never returns.
def play(stat, storage):
    if len(stat['log']) > 8:
        while True:
            pass
    return 'S'
