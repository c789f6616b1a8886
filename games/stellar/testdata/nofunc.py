# A course AI without player_func: an AttributeError every turn.
class player_class:
    def __init__(self, player_id):
        self.id = player_id
