import os


def play(stat, storage):
    if len(stat['log']) > 4:
        os._exit(7)
    return 'S'
