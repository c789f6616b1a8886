# Times the Python side of the moves of a recorded game, without the pipes:
# the driver's own code decodes each request, rebuilds the course's frame
# dicts, calls the AI's play and encodes the answer, for both players.
# Run by BenchmarkPythonSide as
#   python3 driver_bench.py DRIVER AI REQUESTS PYAI
# with PYAI the folder of pyai_driver.py, which the driver builds on.
# REQUESTS holds uint32 length | player byte | request, the requests of
# one game in order. Each line read on stdin replays the game once; the
# answer is a line with the CPU time it took, in nanoseconds.
import importlib.util
import struct
import sys
import time


def main():
    sys.path.insert(0, sys.argv[4])
    spec = importlib.util.spec_from_file_location('paperio_driver', sys.argv[1])
    drv = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(drv)
    with open(sys.argv[3], 'rb') as f:
        data = f.read()
    requests, off = [], 0
    while off < len(data):
        n = struct.unpack_from('<I', data, off)[0]
        requests.append((data[off + 4], data[off + 5:off + 4 + n]))
        off += 4 + n
    answers = []
    drivers = []
    for _ in range(2):
        d = drv.Driver()
        d.module = drv.base.load_module('ai', sys.argv[2])
        d.write = answers.append  # instead of the pipe
        drivers.append(d)
    handlers = {drv.GAME_START: drv.Driver.new_game, drv.PLAY: drv.Driver.play}
    for _ in sys.stdin:
        answers.clear()
        start = time.process_time_ns()
        for who, req in requests:
            handlers[req[4]](drivers[who], req)
        took = time.process_time_ns() - start
        if any(a[4:5] not in b'AD' for a in answers):
            print('error: %r' % [a for a in answers if a[4:5] not in b'AD'][:1], flush=True)
            return
        print(took, flush=True)


main()
