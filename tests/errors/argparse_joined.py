import argparse
import sys

if len(sys.argv) > 1:
    p = argparse.ArgumentParser(prog="a")
else:
    p = argparse.ArgumentParser(prog="b")
p.add_argument("--x", type=int, default=1)
