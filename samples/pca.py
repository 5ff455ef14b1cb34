# pca.py — principal component analysis of a table of samples (rows) by features (columns)
# stored as a .npy file: the columns standardised, their SVD on the GPU, each sample's scores
# on the first components saved as .npy, and a summary printed.  The deployment example of
# README.md: a compiled executable that reads its data and writes its result.
#
#   gpyc pca.py -o pca
#   python3 -c "import numpy as np; r = np.random.default_rng(0); z = r.normal(size=(1000, 2)); \
#       np.save('data.npy', np.hstack([z, z @ [[1, 2, 0], [0, 1, 3]] + 0.1 * r.normal(size=(1000, 3))]))"
#   ./pca data.npy scores.npy --components 2
#   python3 -c "import numpy as np; s = np.load('scores.npy'); print(s.shape, s.std(axis=0))"
import argparse
import sys

import cupy as cp


def standardise(x):
    """Columns scaled to mean 0 and standard deviation 1 (a constant column stays 0)."""
    mean = x.mean(axis=0)
    std = x.std(axis=0)
    return (x - mean) / cp.where(std > 0, std, 1.0), mean, std


def pca(z, k):
    """The first k principal axes of standardised z (rows of vt, each signed so that its
    largest entry is positive, as scikit-learn's svd_flip does), their share of the variance,
    and each row's scores on them."""
    u, s, vt = cp.linalg.svd(z, full_matrices=False)
    signs = cp.sign(vt[cp.arange(vt.shape[0]), cp.argmax(cp.abs(vt), axis=1)])
    vt = vt * signs[:, None]
    ratio = s * s / (s * s).sum()
    return vt[:k], ratio, z @ vt[:k].T


def row(values, spec):
    """The numbers of a 1-d array as text, each formatted with spec."""
    return " ".join([f"{v:{spec}}" for v in values.tolist()])


def main(argv):
    parser = argparse.ArgumentParser(prog="pca", description="Principal components of a .npy table.")
    parser.add_argument("input", help="a 2-d .npy file: samples by features")
    parser.add_argument("output", help="where to save the scores (.npy)")
    parser.add_argument("-k", "--components", type=int, default=2, help="how many components (default: 2)")
    args = parser.parse_args(argv)
    # the path is known only at run time: the annotation gives gpyc the array's dtype and ndim
    # (a file holding another is a TypeError when loaded)
    x: "float64[:, :]" = cp.load(args.input)
    if x.shape[0] < 2:
        print(f"pca: {args.input} holds {x.shape[0]} sample(s); PCA needs at least 2", file=sys.stderr)
        sys.exit(2)
    n, d = x.shape
    k = min(args.components, d)
    z, mean, std = standardise(x)
    axes, ratio, scores = pca(z, k)
    cp.save(args.output, scores)
    print(f"{n} samples, {d} features from {args.input}")
    print("column means:", row(mean, ".4f"))
    print("column stds: ", row(std, ".4f"))
    print("explained variance:", row(ratio, ".4f"))
    for i in range(k):
        print(f"axis {i}:", row(axes[i], "+.4f"))
    print(f"{k} components keep {float(ratio[:k].sum()) * 100:.2f}% of the variance; scores {scores.shape} saved to {args.output}")


if __name__ == "__main__":
    main(None)
