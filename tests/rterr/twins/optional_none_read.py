# Twin of optional_none_read.py: gpyc's TypeError for a name read as the value it has on the
# path not taken (docs/language.md, "Optional values"); CPython's own is the operator's
# "unsupported operand type(s) for +: 'NoneType' and 'int'".  The same values and test.
import numpy as np

x = np.arange(3.0)
m = None
if float(x.sum()) > 100:
    m = x.max()
if m is None:
    raise TypeError("'m' is None (line 5) where gpyc uses it as the ndarray[float64, 0] it is on another path")
print(m + 1)
