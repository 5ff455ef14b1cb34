#!/usr/bin/env python3
# fft_layout_check.py — a CPU lab for runtime/fft.c (no GPU): rt_fft's choice of plans
# (exec_axis: rank-1 plans with istride/idist over C-contiguous buffers, run once per leading
# index when there are dimensions on both sides of the axis; exec_trailing: one rank-2/3 plan
# over the trailing axes) transcribed to Python, run against a NumPy model of cuFFT's advanced
# data layout (input[b*idist + ((x*inembed[1] + y)*inembed[2] + z)*istride]), and compared with
# numpy.fft on every axis permutation of small shapes, with padding and truncation.  Keep it in
# step with runtime/fft.c when the plan logic changes.  Usage: /usr/bin/python3 scripts/fft_layout_check.py
import numpy as np, itertools
rng = np.random.default_rng(0)

def cufft_exec(kind, rank, n, inembed, istride, idist, onembed, ostride, odist, batch, inbuf, ioff, outbuf, ooff, direction):
    n = list(n)
    if kind == 'R2C':
        ishp = n; oshp = n[:-1] + [n[-1] // 2 + 1]
    elif kind == 'C2R':
        ishp = n[:-1] + [n[-1] // 2 + 1]; oshp = n
    else:
        ishp = oshp = n
    def idx(shp, emb, stride, dist, b):
        out = np.zeros(shp, dtype=np.int64)
        for pos in itertools.product(*[range(s) for s in shp]):
            lin = 0
            for d in range(rank):
                lin = lin * (emb[d] if d > 0 else 1) + pos[d] if d > 0 else pos[0]
            out[pos] = b * dist + lin * stride
        return out
    res = []
    for b in range(batch):
        ii = idx(ishp, inembed, istride, idist, b)
        data = inbuf[ioff + ii]
        if kind == 'R2C':
            r = np.fft.rfftn(data.real, s=n)
        elif kind == 'C2R':
            r = np.fft.irfftn(data, s=n) * np.prod(n)
        elif direction < 0:
            r = np.fft.fftn(data)
        else:
            r = np.fft.ifftn(data) * np.prod(n)
        res.append((idx(oshp, onembed, ostride, odist, b), r))
    for oi, r in res:
        outbuf[ooff + oi] = r

def prod(v, lo, hi):
    p = 1
    for i in range(lo, hi): p *= v[i]
    return p

def exec_axis(kind, d, inb, ishape, outb, oshape, nd, axis, nlog):
    outer, inner = prod(ishape, 0, axis), prod(ishape, axis + 1, nd)
    nin, nout = ishape[axis], oshape[axis]
    if outer == 0 or inner == 0: return
    if inner == 1:
        k = dict(istride=1, idist=nin, ostride=1, odist=nout, batch=outer); reps = 1
    else:
        k = dict(istride=inner, idist=1, ostride=inner, odist=1, batch=inner); reps = outer
    for r in range(reps):
        cufft_exec(kind, 1, [nlog], [nin], k['istride'], k['idist'], [nout], k['ostride'], k['odist'], k['batch'],
                   inb, r * nin * inner, outb, r * nout * inner, d)

def exec_trailing(kind, d, inb, ishape, outb, oshape, nd, kk, nlog):
    batch = prod(ishape, 0, nd - kk)
    if batch == 0: return
    cufft_exec(kind, kk, nlog, ishape[nd - kk:], 1, prod(ishape, nd - kk, nd), oshape[nd - kk:], 1,
               prod(oshape, nd - kk, nd), batch, inb, 0, outb, 0, d)

def rt_fft(x, kind, axes, n):
    nd = x.ndim; last = axes[-1]
    ishape = list(x.shape)
    for i, a in enumerate(axes): ishape[a] = n[i]
    if kind == 'C2R': ishape[last] = n[-1] // 2 + 1
    y = np.zeros(ishape, dtype=x.dtype)
    sl = tuple(slice(0, min(a, b)) for a, b in zip(ishape, x.shape))
    y[sl] = x[sl]
    inb = y.ravel().astype(complex).copy()
    multi = 2 <= len(axes) <= 3 and list(axes) == list(range(nd - len(axes), nd))
    if kind in ('F', 'I'):
        d = -1 if kind == 'F' else 1
        outb = inb.copy()  # out-of-place first then in place: model as a copy
        if multi:
            exec_trailing('C2C', d, inb, ishape, outb, ishape, nd, len(axes), n)
        else:
            for i, a in enumerate(axes):
                exec_axis('C2C', d, inb if i == 0 else outb, ishape, outb, ishape, nd, a, n[i])
        return outb.reshape(ishape)
    oshape = list(ishape)
    if kind == 'R2C':
        oshape[last] = n[-1] // 2 + 1
        outb = np.zeros(int(np.prod(oshape)), complex)
        if multi:
            exec_trailing('R2C', 0, inb, ishape, outb, oshape, nd, len(axes), n)
        else:
            exec_axis('R2C', 0, inb, ishape, outb, oshape, nd, last, n[-1])
            for i in range(len(axes) - 1):
                exec_axis('C2C', -1, outb, oshape, outb, oshape, nd, axes[i], n[i])
        return outb.reshape(oshape)
    oshape[last] = n[-1]
    outb = np.zeros(int(np.prod(oshape)), complex)
    if multi:
        exec_trailing('C2R', 0, inb, ishape, outb, oshape, nd, len(axes), n)
    else:
        for i in range(len(axes) - 1):
            exec_axis('C2C', 1, inb, ishape, inb, ishape, nd, axes[i], n[i])
        exec_axis('C2R', 0, inb, ishape, outb, oshape, nd, last, n[-1])
    return outb.reshape(oshape).real

bad = 0; count = 0
for shape in [(5,), (8,), (3, 4), (4, 5), (2, 3, 4), (3, 2, 5), (2, 2, 3, 4)]:
    nd = len(shape)
    for k in range(1, min(nd, 3) + 1):
        for axes in itertools.permutations(range(nd), k):
            for nvar in range(2):
                n = [shape[a] + (nvar * ((-1) ** i) * (1 if shape[a] > 1 else 0)) for i, a in enumerate(axes)]
                xr = rng.standard_normal(shape)
                xc = xr + 1j * rng.standard_normal(shape)
                ref = {'F': np.fft.fftn(xc, s=n, axes=axes), 'I': np.fft.ifftn(xc, s=n, axes=axes) * np.prod(n),
                       'R2C': np.fft.rfftn(xr, s=n, axes=axes)}
                spec = np.fft.rfftn(xr, s=n, axes=axes)
                ref['C2R'] = np.fft.irfftn(spec, s=n, axes=axes) * np.prod(n)
                for kind in ['F', 'I', 'R2C', 'C2R']:
                    inp = xc if kind in 'FI' else xr if kind == 'R2C' else spec
                    got = rt_fft(inp, kind, list(axes), n)
                    count += 1
                    if got.shape != ref[kind].shape or not np.allclose(got, ref[kind]):
                        bad += 1
                        if bad < 10: print("MISMATCH", kind, shape, axes, n)
print(count, "cases,", bad, "bad")
