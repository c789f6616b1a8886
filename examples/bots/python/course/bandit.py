# bandit: a course-style paper.io AI (play(stat, storage), standard library only).
#
# Strategy: hunter.py's, bolder on both counts. It prices an enemy cell its
# loop takes at five free ones (hunter three), so it loops through the
# enemy's territory wherever the enemy's head is far, and it looks for a
# certain kill within 50 cells (hunter 30), so an enemy out on a long band
# is cut from further off. Everything else, the safety of its own loops
# included, is hunter's. Against hunter it won 57.5 % of 240 games, and it
# beats the farmers and the built-in heuristic far more often than hunter
# does (docs/PLAYERS.md).
#
# It imports hunter.py from its own folder and changes two of its
# constants, so keep the two files together (the course's platform took a
# single file: there, paste hunter.py in with these values).
import hunter

hunter.STEAL = 5
hunter.KILL_RADIUS = 50

load = hunter.load
play = hunter.play
