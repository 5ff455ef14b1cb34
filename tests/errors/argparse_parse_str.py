import argparse

p = argparse.ArgumentParser()
args = p.parse_args("--x 1")
