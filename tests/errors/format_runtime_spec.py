import sys

spec = ".2f" if len(sys.argv) > 5 else ".3f"
print(format(2.5, spec))
