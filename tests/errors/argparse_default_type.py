import argparse

p = argparse.ArgumentParser()
p.add_argument("--size", type=int, default=2.5)
