# Raises in load; every other hook works and counts its calls.
CALLS = []


def fail():
    return {}['no such key in load']


def load(stat, storage):
    CALLS.append('load')
    if 'load' == 'load':
        fail()


def play(stat, storage):
    CALLS.append('play')
    if 'load' == 'play' and len(stat['log']) > 6:
        fail()
    return 'R' if len(CALLS) % 8 == 0 else 'S'


def summary(match_result, stat, storage):
    CALLS.append('summary')
    print('CALLS', CALLS.count('load'), CALLS.count('play'), CALLS.count('summary'), CALLS.count('init'), CALLS.count('summaryall'))
    if 'load' == 'summary':
        fail()


def init(storage):
    CALLS.append('init')
    if 'load' == 'init':
        fail()


def summaryall(storage):
    CALLS.append('summaryall')
    print('SUMMARYALL', CALLS.count('summaryall'))
    if 'load' == 'summaryall':
        fail()
