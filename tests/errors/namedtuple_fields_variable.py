from collections import namedtuple

fields = ["x", "y"]
P = namedtuple("P", fields)
