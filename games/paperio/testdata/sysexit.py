import sys


def play(stat, storage):
    if len(stat['log']) > 4:
        sys.exit(3)
    return 'S'
