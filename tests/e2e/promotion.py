# NumPy 2 promotion (NEP 50): arrays of bool/int32/int64/float32/float64 with each other and
# with Python scalars, which are weak
import cupy as cp

b = cp.array([True, False, True])
i32 = cp.arange(3, dtype=cp.int32)
i64 = cp.arange(3, dtype=cp.int64)
f32 = cp.arange(3, dtype=cp.float32)
f64 = cp.arange(3, dtype=cp.float64)
print((b + b).dtype, (b + i32).dtype, (b + i64).dtype, (b + f32).dtype, (b + f64).dtype)
print((i32 + b).dtype, (i32 + i32).dtype, (i32 + i64).dtype, (i32 + f32).dtype, (i32 + f64).dtype)
print((i64 + b).dtype, (i64 + i32).dtype, (i64 + i64).dtype, (i64 + f32).dtype, (i64 + f64).dtype)
print((f32 + b).dtype, (f32 + i32).dtype, (f32 + i64).dtype, (f32 + f32).dtype, (f32 + f64).dtype)
print((f64 + b).dtype, (f64 + i32).dtype, (f64 + i64).dtype, (f64 + f32).dtype, (f64 + f64).dtype)

print((i32 + 1).dtype, (i32 * 2.5).dtype, (i32 + True).dtype)
print((f32 * 2.0).dtype, (f32 + 3).dtype, (f32 / 2).dtype)
print((b + 1).dtype, (b * 1.5).dtype, (b + b).dtype)
print((i32 / 2).dtype, (i64 / i64).dtype, (i32 / i32).dtype)
print((i32 // 2).dtype, (i32 ** 2).dtype, (f32 ** 2).dtype)
print((i32 < 1.5).dtype, (f32 == 1).dtype)
print(i32 * 2.5)
print(f32 / 4)
print(b + b, b * 3)
print(cp.maximum(i32, f32).dtype, cp.where(b, i32, 2.5).dtype)
print(cp.sqrt(i32).dtype, cp.sqrt(i64).dtype, cp.sqrt(f32).dtype)
print(cp.abs(i32).dtype, cp.floor(f32).dtype)
print(i32.sum().dtype, b.sum().dtype, f32.sum().dtype, f32.mean().dtype, i32.mean().dtype)
