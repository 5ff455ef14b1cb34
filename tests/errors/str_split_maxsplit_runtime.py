import sys

parts = "a b".split(" ", len(sys.argv))
