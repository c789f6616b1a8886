# Plays the first offered operation, as a list of numpy integers, and
# checks what the engine keeps on the object.
import numpy as np


class Plaser:
    def __init__(self, isFirst):
        self.isFirst = isFirst
        self.calls = 0

    def move(self, board, operations, scores, turn_number):
        self.calls += 1
        assert turn_number == self.calls, (turn_number, self.calls)
        assert len(self.move_history) == 2 * self.calls - 1 - int(self.isFirst), (len(self.move_history), self.calls)
        assert self.used_time[0] >= 0 and self.used_time[1] >= 0
        print('move', turn_number, scores)
        (x1, y1), (x2, y2) = operations[0]
        return np.array([[x1, y1], [x2, y2]])
