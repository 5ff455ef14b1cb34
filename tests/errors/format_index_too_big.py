# a str.format field index past a C int (was a signed overflow while reading it)
x = 1
print('{99999999999}'.format(x))
