from collections import namedtuple

P = namedtuple("P", ["x", "y", "x"])
