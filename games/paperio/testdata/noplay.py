def load(stat, storage):
    pass


def plays(stat, storage):
    return 'L'
