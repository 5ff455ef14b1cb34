import argparse

p = argparse.ArgumentParser()
p.add_argument("--size", type=int, default=1)
args = p.parse_args([])
print(args.sise)
