import import_cycle_helper2

X = 1
