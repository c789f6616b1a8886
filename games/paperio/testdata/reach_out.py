# Tries to reach the processes beside it (its parent, every process of the
# user) by means that could stop, slow or kill them; each probe is
# harmless if it went through (SIGCONT, reading a limit, its own
# priority), and says whether it was refused. Then it plays on, walking
# its square.
import os
import resource
import signal


def probe(name, fn):
    try:
        fn()
    except PermissionError:
        print('REFUSED', name)
    except OSError as e:
        print('FAILED', name, e.errno)
    else:
        print('WENT THROUGH', name)


def play(stat, storage):
    if len(stat['log']) == 3:
        parent = os.getppid()
        probe('signal to the parent', lambda: os.kill(parent, signal.SIGCONT))
        probe('signal to every process', lambda: os.kill(-1, signal.SIGCONT))
        probe('limit of the parent', lambda: resource.prlimit(parent, resource.RLIMIT_NOFILE))
        probe('priority of the parent', lambda: os.setpriority(os.PRIO_PROCESS, parent, os.getpriority(os.PRIO_PROCESS, parent)))
        probe('affinity of the parent', lambda: os.sched_setaffinity(parent, os.sched_getaffinity(parent)))
        probe('signal to itself', lambda: os.kill(os.getpid(), 0))
        probe('signal to its group', lambda: os.kill(0, 0))
        probe('its own limit', lambda: resource.setrlimit(resource.RLIMIT_CORE, (0, 0)))
        probe('its own affinity', lambda: os.sched_setaffinity(0, os.sched_getaffinity(0)))
    storage['n'] = storage.get('n', 0) + 1
    return 'right' if storage['n'] % 8 == 0 else None
