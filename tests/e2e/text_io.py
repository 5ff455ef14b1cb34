# Text files: cp.savetxt writes NumPy's text (the files' bytes, read back with cp.fromfile as
# uint8, are printed and compared with what NumPy writes), cp.loadtxt and cp.genfromtxt read
# tables back (delimiter, comments, skiprows, usecols, unpack, ndmin, max_rows, dtype; missing
# values filled), ndarray.tofile and cp.fromfile with sep= write and read items as text.
import cupy as cp

P = "/tmp/gpyc-e2e-text_io-"


def show(path):
    b = cp.fromfile(path, dtype=cp.uint8)
    print(b.size, b.tolist())


a = cp.arange(6, dtype=cp.float64).reshape(2, 3) / 4 - 0.5
cp.savetxt(P + "a.txt", a)
show(P + "a.txt")
r = cp.loadtxt(P + "a.txt")
print(r.shape, r.dtype, r)

# integers, a delimiter, a header and footer of several lines, other comment markers
m = cp.arange(12).reshape(4, 3) * 7 - 20
cp.savetxt(P + "m.csv", m, fmt="%d", delimiter=",", header="x,y,z\nsecond", footer="end", comments="// ")
show(P + "m.csv")
print(cp.loadtxt(P + "m.csv", delimiter=",", comments="//", dtype=cp.int32))
print(cp.loadtxt(P + "m.csv", delimiter=",", comments=["//", "#"], usecols=(0, 2), unpack=True))
print(cp.loadtxt(P + "m.csv", delimiter=",", comments="//", usecols=1, dtype=cp.int16))
print(cp.loadtxt(P + "m.csv", delimiter=",", comments="//", skiprows=3, max_rows=2))
print(cp.loadtxt(P + "m.csv", delimiter=",", comments="//", usecols=-1, ndmin=2).shape)
print(cp.loadtxt(P + "m.csv", delimiter=",", comments="//", dtype=cp.uint8))

# a 1-d array is a column; widths, flags, a list of formats, %s and %r, literal text
v = cp.linspace(-1, 2, 5).astype(cp.float32)
cp.savetxt(P + "v.txt", v, fmt="%+9.3f")
show(P + "v.txt")
print(cp.loadtxt(P + "v.txt", dtype=cp.float32), cp.loadtxt(P + "v.txt", ndmin=2).shape)
cp.savetxt(P + "l.txt", a, fmt=["%5.1f", "%-4d", "%s"], delimiter=" | ")
show(P + "l.txt")
cp.savetxt(P + "s.txt", cp.array([[0.1, 1e20, -0.0]]), fmt="%r;%s;%g")
show(P + "s.txt")
cp.savetxt(P + "e.txt", cp.array([[1, 255], [7, 16]], dtype=cp.uint8), fmt="%x %o", newline="\r\n")
show(P + "e.txt")
print(cp.loadtxt(P + "e.txt", usecols=(1,), dtype=int))

# complex values: ' (re+imj)' per column, '+-' written as '-'
z = cp.array([1 + 2j, -0.5 - 1.5j, 3j])
cp.savetxt(P + "z.txt", z, fmt="%.2f")
show(P + "z.txt")
print(cp.loadtxt(P + "z.txt", dtype=complex))
cp.savetxt(P + "z2.txt", z.reshape(1, 3))
print(cp.loadtxt(P + "z2.txt", dtype=cp.complex64))

# genfromtxt: empty fields and missing markers filled (nan, -1, filling_values)
g = cp.array([[1.5, 2.0], [3.0, 4.5], [-1.0, 0.0]])
cp.savetxt(P + "g.csv", g, fmt="%g,,%g", header="a,b,c")
show(P + "g.csv")
print(cp.genfromtxt(P + "g.csv", delimiter=","))
print(cp.genfromtxt(P + "g.csv", delimiter=",", filling_values=-9, skip_header=1, skip_footer=1))
print(cp.genfromtxt(P + "g.csv", delimiter=",", dtype=int, usecols=(1, 2)))
cp.savetxt(P + "n.csv", g, fmt="%g,N/A,%g")
print(cp.genfromtxt(P + "n.csv", delimiter=",", missing_values="N/A", filling_values=0))
print(cp.genfromtxt(P + "n.csv", delimiter=",", usecols=0, max_rows=2))

# tofile / fromfile with sep: the items in C order, sep between
t = cp.arange(6, dtype=cp.float32).reshape(2, 3) / 8
t.tofile(P + "t.txt", sep=",")
show(P + "t.txt")
print(cp.fromfile(P + "t.txt", sep=","), cp.fromfile(P + "t.txt", dtype=cp.float32, sep=",", count=4))
(cp.arange(5) - 2).tofile(P + "i.txt", sep=" ", format="%03d")
show(P + "i.txt")
print(cp.fromfile(P + "i.txt", dtype=cp.int32, sep=" "))
