f = open(3)
