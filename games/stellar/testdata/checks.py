# A course AI that checks the map object it is given as RULES §8 describes
# it, and raises (an empty turn) when something is off; otherwise it sends
# half of its base's force to the first neighbour on odd turns.
class player_class:
    def __init__(self, player_id):
        assert player_id in (0, 1), player_id
        self.id = player_id
        self.turn = 0

    def player_func(self, m):
        self.turn += 1
        assert len(m.nodes) == m.N + 1 and m.nodes[0].number == 0, 'nodes'
        for i in range(1, m.N + 1):
            n = m.nodes[i]
            assert n.number == i and n.belong in (-1, 0, 1), 'node %d' % i
            assert type(n.power) is tuple and len(n.power) == 2 and all(type(x) is float for x in n.power), n.power
            assert n.power_limit == 100 and n.spawn_rate == 1 and n.despawn_rate == 0.75
            nxt = n.get_next()
            assert type(nxt) is list and nxt and nxt is not n.get_next(), nxt
            assert i in m.xy and len(m.xy[i]) == 2, 'xy'
        try:
            m.nodes[1].power = (0.0, 0.0)
            raise AssertionError('power can be set')
        except AttributeError:
            pass
        assert isinstance(m.error1, str) and isinstance(m.error2, str)
        base = 1 if self.id == 0 else m.N
        assert m.nodes[base].belong == self.id, 'base'
        if self.turn % 2 == 1:
            return [(base, m.nodes[base].get_next()[0], m.nodes[base].power[self.id] / 2)]
        return []
