import json

TABLE = json.loads('{bad json')


def play(stat, storage):
    return 'S'
