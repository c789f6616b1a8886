# A course AI whose player_func raises every third turn, and otherwise
# sends a little from its base.
class player_class:
    def __init__(self, player_id):
        self.id = player_id
        self.turn = 0

    def player_func(self, m):
        self.turn += 1
        if self.turn % 3 == 0:
            raise ValueError('turn %d' % self.turn)
        base = 1 if self.id == 0 else m.N
        return [(base, m.nodes[base].get_next()[0], 5.0)]
