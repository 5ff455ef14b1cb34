import argparse
import sys

p = argparse.ArgumentParser()
if len(sys.argv) > 3:
    p.add_argument("--extra", type=int, default=0)
args = p.parse_args()
