# w3_issue.py: W3's row and column sums (bench workload w3_reductions), each call timed three
# ways, medians of 41: perf_counter around the call and a synchronize (as W3 times it), CUDA
# events recorded just before and after the call (device time, the wait for the launch
# included), and perf_counter from before the first record to after the second (the host's time
# to issue the call). Compile it with gpyc (`gpyc bench/host/w3_issue.py -o w3_issue`) or run it
# under CuPy; docs/benchmarks.md, "Launch and synchronisation", has the figures.
import time
import cupy as cp

R = 8192
C = 8192
cp.random.seed(3)
a = cp.random.random((R, C), dtype=cp.float32)


def median(v):
    s = sorted(v)
    return s[len(s) // 2]


def probe(axis):
    host = []
    ev = []
    issue = []
    r = a.sum(axis=axis)
    for k in range(44):
        e0 = cp.cuda.Event()
        e1 = cp.cuda.Event()
        cp.cuda.Device().synchronize()
        t0 = time.perf_counter()
        e0.record()
        r = a.sum(axis=axis)
        e1.record()
        t1 = time.perf_counter()
        cp.cuda.Device().synchronize()
        t2 = time.perf_counter()
        if k >= 3:
            host.append((t2 - t0) * 1e6)
            issue.append((t1 - t0) * 1e6)
            ev.append(cp.cuda.get_elapsed_time(e0, e1) * 1e3)
    print("axis", axis, "host_us", round(median(host), 2), "events_us", round(median(ev), 2),
          "issue_us", round(median(issue), 2), "check", float(r.sum()))


probe(1)
probe(0)
