# A course AI that returns what the judge refuses, a different way each
# turn, then nothing but NaN-amount lists that the judge lets through.
import math


class player_class:
    def __init__(self, player_id):
        self.id = player_id
        self.turn = 0

    def player_func(self, m):
        self.turn += 1
        base = 1 if self.id == 0 else m.N
        to = m.nodes[base].get_next()[0]
        answers = [
            None,
            ((base, to, 1.0),),
            [[base, to, 1.0]],
            [(base, to)],
            [(base, to, '1.0')],
            [(base, to, -1)],
            [(0, to, 1.0)],
            [(base, base, 1.0)],
            [(base, to, 1000.0)],
            [(True, to, True)],
        ]
        if self.turn <= len(answers):
            return answers[self.turn - 1]
        return [(base, to, math.nan)]
