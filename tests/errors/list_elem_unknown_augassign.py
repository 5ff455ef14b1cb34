# an in-place operator on an element of a list whose element type is unknown: once a segfault
a = []
a[0] += 1
