import numpy
t = (numpy.int32, numpy.float64)
print(t)
