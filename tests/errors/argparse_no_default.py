import argparse

p = argparse.ArgumentParser()
p.add_argument("--out", help="output file")
args = p.parse_args()
