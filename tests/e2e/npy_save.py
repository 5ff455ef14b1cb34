# cp.save writes NumPy's bytes: the files' bytes (read back with cp.fromfile as uint8) are
# printed and compared with what NumPy's np.save writes for the same arrays; cp.load reads them
# back.  C and Fortran order (a transposed array), a non-contiguous view (written in C order),
# 0-d and empty arrays, every dtype kind, a file name without .npy; tofile and fromfile.
import cupy as cp

P = "/tmp/gpyc-e2e-npy_save-"


def show_bytes(path):
    b = cp.fromfile(path, dtype=cp.uint8)
    print(b.size, b.tolist())


a = cp.arange(12, dtype=cp.float32).reshape(3, 4) / 4
cp.save(P + "c.npy", a)
show_bytes(P + "c.npy")
cp.save(P + "f.npy", a.T)
show_bytes(P + "f.npy")
cp.save(P + "v.npy", a[:, ::2])
show_bytes(P + "v.npy")
cp.save(P + "z.npy", cp.array(7, dtype=cp.int16))
show_bytes(P + "z.npy")
cp.save(P + "e.npy", cp.zeros((0, 5), dtype=cp.uint64))
show_bytes(P + "e.npy")
cp.save(P + "b.npy", cp.arange(5) % 2 == 0)
show_bytes(P + "b.npy")
cp.save(P + "x.npy", (cp.arange(4) + 1j).astype(cp.complex64))
show_bytes(P + "x.npy")
cp.save(P + "h.npy", cp.linspace(0, 1, 3).astype(cp.float16))
show_bytes(P + "h.npy")
cp.save(P + "noext", cp.arange(3, dtype=cp.int8))
show_bytes(P + "noext.npy")
cp.save(P + "s.npy", 2.5)
show_bytes(P + "s.npy")

r = cp.load(P + "f.npy")
print(r.shape, r)
print(cp.load(P + "v.npy"), cp.load(P + "z.npy"), cp.load(P + "e.npy").shape)
print(cp.load(P + "b.npy"), cp.load(P + "x.npy"), cp.load(P + "noext.npy"), cp.load(P + "s.npy"))

# raw binary files: tofile writes the bytes in C order, fromfile reads them (count, offset)
a.tofile(P + "raw.bin")
print(cp.fromfile(P + "raw.bin", dtype=cp.float32))
print(cp.fromfile(P + "raw.bin", dtype=cp.float32, count=3, offset=8))
a.T.tofile(P + "rawT.bin")
print(cp.fromfile(P + "rawT.bin", dtype=cp.float32).reshape(4, 3))
print(cp.fromfile(P + "raw.bin", dtype=cp.int16, count=100, offset=40).size)
print(cp.fromfile(P + "raw.bin").dtype, cp.fromfile(P + "raw.bin", cp.uint8, 4))

# saving over an existing file replaces it
cp.save(P + "c.npy", cp.ones(2, dtype=cp.float32))
print(cp.load(P + "c.npy"))
