def move(board, operations, scores, turn_number):
    return operations[0]
