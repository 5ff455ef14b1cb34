# Python ints, floats, bools and strings on the host
a = 17
b = 5
print(a + b, a - b, a * b, a / b, a // b, a % b, a ** 2)
print(-a // b, -a % b, a // -b, a % -b)
print(7.5 // 2, -7.5 // 2, 7.5 % 2, -7.5 % 2)
print(2 ** 10, 2 ** 62, 10 ** 18)
x = 0.1 + 0.2
print(x, 1.0, 1e-05, 1e16, 123456.789, 1.5e300, -0.0)
print(1 / 3, 2 / 3, 10 / 4)
print(True + 1, True * 2.5, False + False)
print(a > b, a == b, a != b, not (a > b))
print(a > 10 and b > 10, a > 10 or b > 10)
print(int(7.9), int(-7.9), float(3), int(True), float(False))
print(3 < a < 20, 0 < b < 4)
s = "gpu"
t = s + "yc"
print(t, "[" + s + "]")
print(s == "gpu", s != "cpu")
n = 0
n += 5
n *= 3
n -= 1
n //= 2
print(n)
f = 1.0
f /= 4
f += 0.5
print(f)
big = 9007199254740993
print(big, big + 1, -big)
