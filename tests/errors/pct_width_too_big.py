# a %-format width past a C int: Python allocates it (MemoryError); gpyc refuses it at compile time
x = 1
print('%99999999999d' % x)
