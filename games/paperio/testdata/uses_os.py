import json
import os.path


def play(stat, storage):
    return 'S'
