import sys

suffix = sys.argv[0]
print("kernel".endswith(suffix))
