# Raises in summary; every other hook works and counts its calls.
CALLS = []


def fail():
    return {}['no such key in summary']


def load(stat, storage):
    CALLS.append('load')
    if 'summary' == 'load':
        fail()


def play(stat, storage):
    CALLS.append('play')
    if 'summary' == 'play' and len(stat['log']) > 6:
        fail()
    return 'R' if len(CALLS) % 8 == 0 else 'S'


def summary(match_result, stat, storage):
    CALLS.append('summary')
    print('CALLS', CALLS.count('load'), CALLS.count('play'), CALLS.count('summary'), CALLS.count('init'), CALLS.count('summaryall'))
    if 'summary' == 'summary':
        fail()


def init(storage):
    CALLS.append('init')
    if 'summary' == 'init':
        fail()


def summaryall(storage):
    CALLS.append('summaryall')
    print('SUMMARYALL', CALLS.count('summaryall'))
    if 'summary' == 'summaryall':
        fail()
