# print, str() and f'{x}' of a name that is None on some paths (an optional value)
import cupy as cp

m = None
for v in [1, 2]:
    if v > 5:
        m = v
print(m, 'x')
print(str(m), f'<{m}>', f'{m!s}')
best = None
for v in [3.5, 1.25, 4.0]:
    if best is None or v < best:
        best = v
print(best, str(best), f'{best}')
picked = None
for k in range(3):
    if k == 1:
        picked = cp.arange(3) * k
print(picked)
print(f'picked={picked}')
nothing = None
for k in range(3):
    if k > 5:
        nothing = cp.ones(2)
print(nothing, str(nothing))
label = None
for k in range(3):
    if k == 2:
        label = 'two'
print(label, f'[{label}]', str(label) + '!')
nolabel = None
for k in range(3):
    if k == 7:
        nolabel = 'seven'
print(nolabel, f'[{nolabel}]')
