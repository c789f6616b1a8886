# A module that imports numpy at its top level, as learned policies do: a
# process's start-up is numpy's import unless its fork server has made it.
import numpy as np


def step():
    return int(np.random.randint(3))
