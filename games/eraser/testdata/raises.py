class Plaser:
    def __init__(self, isFirst):
        self.n = 0

    def move(self, board, operations, scores, turn_number):
        self.n += 1
        if self.n == 3:
            return 1 / 0
        return operations[0]
