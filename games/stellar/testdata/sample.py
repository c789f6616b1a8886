# A course AI in the style of the course's sample (stupidAI): random
# transports from its own nodes to their neighbours, keeping some force.
import random


class player_class:
    def __init__(self, player_id):
        self.id = player_id

    def player_func(self, map_info):
        out = []
        left = {}
        for _ in range(200):
            a = random.randint(1, map_info.N)
            node = map_info.nodes[a]
            if node.belong != self.id:
                continue
            nxt = node.get_next()
            b = random.choice(nxt)
            c = random.randint(1, 1000) / 10
            have = left.get(a, node.power[self.id])
            if have > c + 0.01:
                left[a] = have - c
                out.append((a, b, c))
        return out
