import argparse

p = argparse.ArgumentParser()
p.add_argument("--level", nargs="?", default="x")
