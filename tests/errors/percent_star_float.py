# the width of %*d is an int (Python's TypeError "* wants int")
print("%*d" % (2.5, 3))
