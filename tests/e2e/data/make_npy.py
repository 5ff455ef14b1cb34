#!/usr/bin/python3
# make_npy.py — the .npy files NumPy writes that tests/e2e/npy_load.py reads (and gpyc reads at
# compile time for their dtypes and ndims): every dtype gpyc has, C and Fortran order, both byte
# orders, 0-d and empty arrays, header versions 1.0, 2.0 and 3.0.  Run from this folder with
# Debian's NumPy (/usr/bin/python3 make_npy.py); the files are committed.
import numpy as np
from numpy.lib import format as fmt

names = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
         "float32", "float64", "complex64", "complex128"]
for name in names:
    a = (np.arange(6).reshape(2, 3) * 7 - 11).astype(name)
    if name.startswith("complex"):
        a = a + 1j * np.arange(6).reshape(2, 3).astype(name)
    if name.startswith("float"):
        a = a / 4
    np.save("dt_%s.npy" % name, a)
np.save("f8_fortran.npy", np.asfortranarray(np.arange(12.0).reshape(3, 4) / 3))
np.save("i4_fortran3.npy", np.asfortranarray(np.arange(24, dtype=np.int32).reshape(2, 3, 4)))
np.save("f4_big.npy", (np.arange(5, dtype=">f4") - 2) / 3)
np.save("i2_big.npy", np.arange(-3, 3, dtype=">i2") * 1000)
np.save("c16_big_fortran.npy", np.asfortranarray((np.arange(6).reshape(2, 3) + 0.5j).astype(">c16")))
np.save("u8_big.npy", np.array([1, 2**40, 2**64 - 1], dtype=">u8"))
np.save("zero_d.npy", np.float64(2.5))
np.save("empty.npy", np.zeros((0, 3), np.float32))
with open("v2.npy", "wb") as f:
    fmt.write_array(f, np.arange(4, dtype=np.int64), version=(2, 0))
with open("v3.npy", "wb") as f:
    fmt.write_array(f, np.arange(3, dtype=np.float32), version=(3, 0))
# .npz archives: stored (savez) and deflated (savez_compressed), positional and keyword names
np.savez("arch.npz", np.arange(6, dtype=np.int32).reshape(2, 3), w=np.linspace(0, 1, 5), flag=np.array(True))
np.savez_compressed("arch_z.npz", big=np.arange(3000, dtype=np.float32) % 7,
                    m=np.asfortranarray(np.arange(12.0).reshape(3, 4)), c=(np.arange(3) + 2j).astype(">c8"))
