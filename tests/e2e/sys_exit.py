import sys

import cupy as cp


def main():
    x = cp.arange(5.0)
    print('sum', float(x.sum()))
    if x.size > 3:
        print('exiting')
        sys.exit(0)
    print('not reached')
    return 1


main()
print('not reached either')
