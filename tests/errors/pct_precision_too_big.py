# a %-format precision past a C int: Python's ValueError "precision too big"
x = 1.0
print('%.99999999999f' % x)
