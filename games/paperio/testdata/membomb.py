# Allocates without end on its third turn.
def play(stat, storage):
    if len(stat['log']) > 4:
        hog = []
        while True:
            hog.append(bytearray(1 << 20))
    return 'S'
