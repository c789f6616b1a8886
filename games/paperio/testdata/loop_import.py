# Never finishes its import.
while True:
    pass


def play(stat, storage):
    return 'S'
