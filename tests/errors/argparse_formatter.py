import argparse

p = argparse.ArgumentParser(formatter_class=argparse.RawTextHelpFormatter)
