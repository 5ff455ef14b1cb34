# Text files and paths: open() in modes w, a and r (with, or closed by hand), read, readline,
# readlines, iteration, write, writelines, print(file=), flush, the closed and name attributes,
# universal newlines and UTF-8 characters; pathlib.Path: joins, joinpath, name, stem, suffix,
# parent, exists, is_file, is_dir, is_absolute, mkdir, read_text, write_text, as_posix, str,
# repr, f-strings, a path as cp.save's and cp.loadtxt's file.  A script parses its own small
# format and computes on the GPU with what it read.
import os
from pathlib import Path

import cupy as cp

P = "/tmp/gpyc-e2e-py_files-"

# write, then read back whole, by lines, by size
with open(P + "a.txt", "w") as f:
    n = f.write("alpha 1\n")
    f.write("beta 2\ngamma 3\n")
    print("delta", 4, sep=" ", file=f)
    print("eps", 5.5, end="!\n", file=f, flush=True)
    print(n, f.closed, f.name == P + "a.txt")
print(f.closed)
with open(P + "a.txt") as f:
    text = f.read()
print(repr(text), len(text))
with open(P + "a.txt", "r", encoding="utf-8") as f:
    print(repr(f.readline()), repr(f.readline(3)), repr(f.readline()))
    print(repr(f.read(4)), f.readlines())
    print(repr(f.readline()), repr(f.read()))

# iteration: a small key-value format parsed into arrays
names = []
vals = []
for line in open(P + "a.txt"):
    parts = line.strip().rstrip("!").split()
    names.append(parts[0])
    vals.append(float(parts[1]))
x = cp.zeros(len(vals))
for i, v in enumerate(vals):
    x[i] = v
print(names, x, float(x.sum()), float((x * x).mean()))
with open(P + "a.txt") as f:
    for i, line in enumerate(f):
        if i == 2:
            break
        print(i, line.rstrip())

# append, an explicit close, writing in a loop, flush
g = open(P + "a.txt", "a")
for k in range(3):
    g.write(f"row {k} {k * k}\n")
g.flush()
g.close()
g.close()
print(g.closed, open(P + "a.txt").readlines()[-3:])

# universal newlines and UTF-8: sizes count characters
with open(P + "b.txt", "w") as f:
    f.write("one\r\ntwo\rthree\n")
    print(f.write("héllo wörld ✓\n"))
with open(P + "b.txt") as f:
    print(f.readlines())
with open(P + "b.txt") as f:
    f.readline()
    f.readline()
    f.readline()
    print(repr(f.read(5)), repr(f.read(3)), repr(f.read()))

# a table written with print and read back with loadtxt
with open(P + "t.csv", "w") as f:
    print("# x,y", file=f)
    for i in range(4):
        print(i, i * 0.5, sep=",", file=f)
t = cp.loadtxt(P + "t.csv", delimiter=",", ndmin=2)
print(t.shape, t.sum(axis=0))

# pathlib
base = Path("/tmp") / "gpyc-e2e-py_files-dir"
sub = base / "sub" / "data.tar.gz"
print(base, repr(base), str(sub), f"{sub}|{sub!r}")
print(sub.name, sub.stem, sub.suffix, sub.parent, sub.parent.parent.name)
print(Path("a/b/../c/./d/"), Path(), Path("a", "b", "c.txt"), Path("/x") / "/abs" / "y")
print(Path(".bashrc").suffix == "", Path("x.").suffix == "", Path("/").name == "", Path("/").parent)
print(Path("rel").parent, "p" / Path("q"), Path("a") / Path("b"))
(base / "sub").mkdir(parents=True, exist_ok=True)
base.mkdir(exist_ok=True)
print(base.exists(), base.is_dir(), base.is_file(), (base / "none").exists())
out = base / "sub" / "notes.txt"
print(out.write_text("first line\nsecond ✓\n"))
print(repr(out.read_text()), out.is_file())
with open(out, "a") as f:
    f.write("third\n")
print(out.read_text().split("\n"))
print(os.path.exists(str(out)), os.path.basename(str(out)))

# a path wherever a file name goes; cp.load of a path made at run time takes an annotation
npy = base / "v.npy"
cp.save(npy, cp.arange(4.0) * 1.5)
v: "float64[:]" = cp.load(npy)
print(v, cp.loadtxt(Path(P + "t.csv"), delimiter=",", ndmin=2).shape)

# writelines (no newlines added), joinpath, as_posix, is_absolute
with open(P + "c.txt", "w") as f:
    f.writelines(["x\n", "y", "z\n"])
    f.writelines(names)
print(open(P + "c.txt").read().split("\n"))
q = Path("rel").joinpath("a", Path("b"), "c.txt")
print(q, q.as_posix(), q.is_absolute(), base.joinpath("sub").is_absolute(), Path("/a").joinpath("/b", "c"))
