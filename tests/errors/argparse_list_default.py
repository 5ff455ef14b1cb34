import argparse

p = argparse.ArgumentParser()
p.add_argument("--sizes", type=int, default=[1, 2])
