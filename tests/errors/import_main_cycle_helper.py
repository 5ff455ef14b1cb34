import import_main_cycle

X = 1
