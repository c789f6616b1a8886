def play(stat, storage):
    return 'L'

def broken(:
    pass
