import socket


def play(stat, storage):
    if len(stat['log']) <= 2:
        try:
            s = socket.create_connection(('192.0.2.1', 9), timeout=1)
            print('NET OPEN')
        except OSError as e:
            print('NET REFUSED', e.errno)
    return 'S'
