import sys

n = len(sys.argv)
print("aaa".replace("a", "b", n))
