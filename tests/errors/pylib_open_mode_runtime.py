import sys

f = open("data.txt", sys.argv[0])
