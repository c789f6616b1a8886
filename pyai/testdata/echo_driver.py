# A game's driver built on pyai's: it imports the AI (any module with a
# callable step) and answers N with the AI's module-level counter, which
# step increments.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pyai_driver as base  # noqa: E402


class Driver(base.Driver):
    driver_files = (__file__, base.__file__)

    def count(self, body):
        self.module.step()
        self.reply(b'D', str(self.module.COUNT).encode())

    def serve(self):
        self.dispatch({b'N': self.count})


if __name__ == '__main__':
    base.main(Driver)
