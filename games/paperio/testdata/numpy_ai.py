# A course AI that imports numpy, as learned policies do: its process's
# start-up is numpy's import unless its fork server has made it. load says
# whether numpy was there before the import, how many games this process
# has loaded, and a draw from numpy's global generator.
import sys

PREIMPORTED = 'numpy' in sys.modules

import numpy as np  # noqa: E402

LOADS = [0]


def load(stat, storage):
    LOADS[0] += 1
    print('NUMPY preimported=%s loads=%d draw=%r' % (PREIMPORTED, LOADS[0], float(np.random.random())))


def play(stat, storage):
    return 'LSR'[int(np.random.randint(3))]
