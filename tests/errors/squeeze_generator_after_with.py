from contextlib import contextmanager
import cupy as cp


def main():
    z = cp.zeros((1, 3))

    @contextmanager
    def ctx():
        yield
        print(cp.squeeze(z).ndim)

    with ctx():
        z = cp.zeros((2, 3))


main()
