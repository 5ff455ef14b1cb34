import argparse

p = argparse.ArgumentParser()
p.add_argument("--k", type=int, default=1, choices=range(4))
