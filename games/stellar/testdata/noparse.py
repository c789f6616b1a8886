class player_class
    pass
