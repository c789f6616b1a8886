# A course-style eraser AI like the course's greedy sample: it plays every
# offered operation on a copy of the main board and keeps the first that
# scores the most in its first step (a sample, not the course's file).
import numpy as np


class Plaser:
    def __init__(self, isFirst):
        self.isFirst = isFirst

    def score(self, main, op):
        b = main.copy()
        (x1, y1), (x2, y2) = op
        b[x1, y1], b[x2, y2] = b[x2, y2], b[x1, y1]
        points = 0
        seen = set()
        for x in range(6):
            for y in range(6):
                c = b[x, y]
                if c == 'nan' or (x, y) in seen:
                    continue
                run = (x + 2 < 6 and b[x + 1, y] == c and b[x + 2, y] == c) or \
                      (y + 2 < 6 and b[x, y + 1] == c and b[x, y + 2] == c)
                if run:
                    points += 1
                    seen.add((x, y))
        return points

    def move(self, board, operations, scores, turn_number):
        assert isinstance(board, np.ndarray) and board.shape[0] == 6 and board.dtype == np.dtype('<U10')
        assert isinstance(operations, list) and isinstance(operations[0], tuple)
        assert isinstance(scores, list) and len(scores) == 2 and 1 <= turn_number <= 100
        main = board[:, :6]
        best, best_score = operations[0], -1
        for op in operations:
            s = self.score(main, op)
            if s > best_score:
                best, best_score = op, s
        return best
