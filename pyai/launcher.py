"""Launcher of an executable player (pyai.Stdio).

The Go side starts  python3 -I -S -B launcher.py CONFIG PROGRAM [ARG...]
with the player's protocol on fds 0 and 1 and its log on fd 2. This
process contains itself as a course AI's process is contained (resource
limits; a seccomp filter that refuses new processes and network sockets,
but lets this process replace its program), then becomes PROGRAM: the
limits and the filter stay with it across the exec.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pyai_driver  # noqa: E402  (beside this file)


def main():
    cfg = json.loads(sys.argv[1])
    pyai_driver.contain(cfg)
    program = sys.argv[2]
    try:
        os.execv(program, sys.argv[2:])
    except OSError as e:
        sys.stderr.write('cannot run %s: %s\n' % (program, e.strerror or e))
        sys.stderr.flush()
        os._exit(127)


main()
