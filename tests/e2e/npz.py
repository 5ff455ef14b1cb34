# .npz archives: cp.load of archives NumPy wrote (stored and deflated members, keyword and
# positional names, Fortran order, big-endian), f['key'], f.files, `with`; cp.savez and
# cp.savez_compressed round trips (the archives gpyc writes are read back by gpyc; NumPy reads
# them in the oracle's run of this same script).
import cupy as cp

f = cp.load("data/arch.npz")
print(f.files)
print(f["arr_0"], f["w"], f["flag"])
print(f["arr_0"].sum(axis=0), f["w"].dtype)
with cp.load("data/arch_z.npz") as z:
    print(z.files)
    b = z["big"]
    print(b.shape, b.dtype, b.sum(), b[2995:])
    print(z["m"], z["m"].T)
    print(z["c"] * 2)

P = "/tmp/gpyc-e2e-npz-"
a = cp.arange(12, dtype=cp.float32).reshape(3, 4)
cp.savez(P + "s.npz", a, a.T, total=a.sum(), idx=cp.arange(5) % 3 == 0)
s = cp.load(P + "s.npz")
print(s.files)
print(s["arr_0"], s["arr_1"], s["total"], s["idx"])
cp.savez_compressed(P + "c", x=cp.zeros(10000, dtype=cp.int64) + 3, y=a[:, ::2])
c = cp.load(P + "c.npz")
print(c.files, c["x"].sum(), c["x"].shape, c["y"])
c.close()
