# Binds play, but not to a function: caught after the import.
play = 'L'
