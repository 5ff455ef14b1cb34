import argparse

p = argparse.ArgumentParser(usage="%(prog)s [options]")
