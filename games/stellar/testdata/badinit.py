# A course AI whose player_class raises: it fails to load.
class player_class:
    def __init__(self, player_id):
        raise RuntimeError('no map yet')

    def player_func(self, m):
        return []
