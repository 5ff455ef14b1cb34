n = 3
n.shape = 2
