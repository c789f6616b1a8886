# A game's driver built on pyai's, for the tests of AI: R calls the AI's
# module-level function named by its payload and answers D with what it
# returned, or E with the traceback.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pyai_driver as base  # noqa: E402


class Driver(base.Driver):
    driver_files = base.Driver.driver_files + (__file__,)

    def run(self, body):
        ok, res = self.call(getattr(self.module, bytes(body).decode()))
        if not ok:
            return self.reply(b'E', res.encode('utf-8', 'replace'))
        self.reply(b'D', str(res).encode())

    def serve(self):
        self.dispatch({b'R': self.run})


if __name__ == '__main__':
    base.main(Driver)
