import numpy
formats = [numpy.int32] * 3
for f in formats:
    print(f)
