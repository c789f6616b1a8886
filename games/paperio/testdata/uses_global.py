COUNT = 0


def play(stat, storage):
    global COUNT
    COUNT += 1
    return 'S'


def load(stat, storage):
    import threading
