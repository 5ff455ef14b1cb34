# a tuple has no append
t = (1, 2)
t.append(3)
