# Writes into its working directory, tries to write next to its own file,
# and reports its working directory and environment.
import os


def play(stat, storage):
    if len(stat['log']) <= 2:
        with open('scratch.txt', 'w') as f:
            f.write('x')
        print('CWD', os.getcwd())
        print('ENV', ' '.join(sorted(os.environ)))
        try:
            with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'escape.txt'), 'w') as f:
                f.write('x')
            print('OUTSIDE WRITE OK')
        except OSError as e:
            print('OUTSIDE WRITE REFUSED', e.errno)
    return 'S'
