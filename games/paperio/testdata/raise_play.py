# Raises in play; every other hook works and counts its calls.
CALLS = []


def fail():
    return {}['no such key in play']


def load(stat, storage):
    CALLS.append('load')
    if 'play' == 'load':
        fail()


def play(stat, storage):
    CALLS.append('play')
    if 'play' == 'play' and len(stat['log']) > 6:
        fail()
    return 'R' if len(CALLS) % 8 == 0 else 'S'


def summary(match_result, stat, storage):
    CALLS.append('summary')
    print('CALLS', CALLS.count('load'), CALLS.count('play'), CALLS.count('summary'), CALLS.count('init'), CALLS.count('summaryall'))
    if 'play' == 'summary':
        fail()


def init(storage):
    CALLS.append('init')
    if 'play' == 'init':
        fail()


def summaryall(storage):
    CALLS.append('summaryall')
    print('SUMMARYALL', CALLS.count('summaryall'))
    if 'play' == 'summaryall':
        fail()
