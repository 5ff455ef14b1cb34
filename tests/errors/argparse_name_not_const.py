import argparse

name = "--size"
p = argparse.ArgumentParser()
p.add_argument(name, type=int, default=1)
