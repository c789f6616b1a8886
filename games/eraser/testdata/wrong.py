# Returns a wrong value on its second move, chosen by the file's name
# suffix given in the class attribute (set by tests that copy this file).
class Plaser:
    answer = 'three'

    def __init__(self, isFirst):
        pass

    def move(self, board, operations, scores, turn_number):
        if turn_number < 2:
            return operations[0]
        return {
            'three': ((0, 0), (1, 0), (2, 0)),
            'diagonal': ((0, 0), (1, 1)),
            'reserve': ((0, 5), (0, 6)),
            'int': 7,
            'none': None,
            'strings': ('ab', 'cd'),
            'float': ((0.0, 0), (1.0, 0)),
        }[self.answer]
