# Functions for call_driver.py's R requests.
import os

COUNT = [0]


def step():
    COUNT[0] += 1
    return COUNT[0]


def forever():
    while True:
        pass


def die():
    os._exit(3)


def fails():
    raise ValueError('no such move')
