# A course AI that never returns from its second call: it swallows every
# interruption, so its process has to be stopped.
class player_class:
    def __init__(self, player_id):
        self.turn = 0

    def player_func(self, m):
        self.turn += 1
        if self.turn == 2:
            while True:
                try:
                    while True:
                        pass
                except BaseException:
                    pass
        return []
