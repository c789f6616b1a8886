# Answers with the odd values a course AI might return, in order.
ANSWERS = ['Legendary', b'L', 3.5, 'right', '', None, ['L'], 'l', 'rest', 'S', 'x', ('R',), 'RL', '\u0130', 'L'] + ['S'] * 100


def play(stat, storage):
    k = storage.get('k', 0)
    storage['k'] = k + 1
    return ANSWERS[k]
