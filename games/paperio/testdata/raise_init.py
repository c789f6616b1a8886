# Raises in init; every other hook works and counts its calls.
CALLS = []


def fail():
    return {}['no such key in init']


def load(stat, storage):
    CALLS.append('load')
    if 'init' == 'load':
        fail()


def play(stat, storage):
    CALLS.append('play')
    if 'init' == 'play' and len(stat['log']) > 6:
        fail()
    return 'R' if len(CALLS) % 8 == 0 else 'S'


def summary(match_result, stat, storage):
    CALLS.append('summary')
    print('CALLS', CALLS.count('load'), CALLS.count('play'), CALLS.count('summary'), CALLS.count('init'), CALLS.count('summaryall'))
    if 'init' == 'summary':
        fail()


def init(storage):
    CALLS.append('init')
    if 'init' == 'init':
        fail()


def summaryall(storage):
    CALLS.append('summaryall')
    print('SUMMARYALL', CALLS.count('summaryall'))
    if 'init' == 'summaryall':
        fail()
