# A course AI that overruns its time on turns 2 and 3 (sleeping on one,
# spinning and swallowing the interruption on the other) and answers at once
# otherwise; its instance keeps counting, as the course's timer left it.
import time


class player_class:
    def __init__(self, player_id):
        self.id = player_id
        self.turn = 0

    def player_func(self, m):
        self.turn += 1
        if self.turn == 2:
            time.sleep(1)
        if self.turn == 3:
            end = time.time() + 0.3
            while time.time() < end:
                try:
                    while time.time() < end:
                        pass
                except BaseException:
                    pass
        base = 1 if self.id == 0 else m.N
        return [(base, m.nodes[base].get_next()[0], float(self.turn))]
