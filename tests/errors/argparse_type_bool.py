import argparse

p = argparse.ArgumentParser()
p.add_argument("--flag", type=bool, default=False)
