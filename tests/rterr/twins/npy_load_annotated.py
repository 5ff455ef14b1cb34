# Twin of rterr/npy_load_annotated.py: NumPy loads any array, gpyc's program was compiled for the
# annotation's dtype and ndim; this raises the TypeError the compiled program raises.
import numpy as np

P = "/tmp/gpyc-rterr-npy_load_annotated.npy"
np.save(P, np.arange(5))
h = np.load(P)
raise TypeError(f"{P} holds a {h.ndim}-d {h.dtype} array; the program was compiled for a 2-d float64 array "
                "(cp.load's dtype and ndim come from the file gpyc read at compile time, or the annotation "
                "of a path known only at run time)")
