import argparse

p = argparse.ArgumentParser()
p.add_argument("--inc", action="append", default=[])
