# Keeps only the last frames of its log, in a list of its own, as an AI
# short of memory might; the frames that follow must go to that list.
def play(stat, storage):
    storage['plays'] = storage.get('plays', 0) + 1
    if storage['plays'] == 10:
        stat['log'] = stat['log'][-3:]
    if storage['plays'] > 10 and stat['now'] is not stat['log'][-1]:
        storage['problem'] = 'now is not the last frame of the new log'
    return 'right' if storage['plays'] % 8 == 0 else 'S'


def summary(result, stat, storage):
    print('RELOG %d %d %s' % (storage['plays'], len(stat['log']), storage.get('problem', 'ok')))
