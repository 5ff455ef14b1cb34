# 0-d arrays wherever Python wants a number
import cupy as cp


def spmv(A_row, A_col, A_val, x):
    y = cp.empty(A_row.size - 1, A_val.dtype)
    for i in range(A_row.size - 1):
        cols = A_col[A_row[i]:A_row[i + 1]]
        vals = A_val[A_row[i]:A_row[i + 1]]
        y[i] = vals @ x[cols]
    return y


def best(N, seq):
    table = cp.zeros((N, N), cp.int32)
    for i in range(N - 1, -1, -1):
        for j in range(i + 1, N):
            table[i, j] = max(table[i, j], table[i, j - 1])
            if i + 1 < N:
                table[i, j] = max(table[i, j], table[i + 1, j - 1] + (seq[i] + seq[j] == 3))
            for k in range(i + 1, j):
                table[i, j] = max(table[i, j], table[i, k] + table[k + 1, j])
    return table


row = cp.array([0, 2, 3, 3, 6], dtype=cp.uint32)
col = cp.array([0, 3, 1, 0, 2, 3], dtype=cp.uint32)
val = cp.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
print(spmv(row, col, val, cp.array([1.0, 10.0, 100.0, 1000.0])))
print(best(5, cp.array([0, 3, 1, 2, 0], dtype=cp.int32)))

a = cp.arange(10, dtype=cp.int32)
n = cp.sum(a[:3])
print(int(n), float(n), bool(n), int(a[2] * 1.5))
for i in range(n):
    print(i, end=" ")
print()
for i in range(a[1], a[7], a[2]):
    print(i, end=" ")
print()
print(a[a[1]:a[4]], a[:a[2]], a[a[8]:])
names = ["zero", "one", "two", "three"]
print(names[a[3]], names[a[1] + 1])
print(max(a[1], a[2]), min(a[3], 2), max(a[5], a[9], a[2]), min(a[4], a[1]))
print(abs(a[1] - a[5]), round(a[3] / 2))
if a[3]:
    print("a[3] is true")
if not a[0]:
    print("a[0] is false")
f = cp.array([1.5, -2.5])
print(max(f[0], 0.5), min(f[1], 0.0), max(f[0], f[1]))
counts = [0, 0, 0]
counts[a[2]] = 5
counts[a[1]] += 2
counts[True] += 1
print(counts)
