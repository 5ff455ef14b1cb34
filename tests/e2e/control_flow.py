# if/elif/else, for over range (incl. negative steps), while with break and continue
for i in range(5):
    if i == 0:
        print("zero")
    elif i % 2 == 0:
        print(i, "even")
    else:
        print(i, "odd")
print("ranges:")
for i in range(10, 0, -3):
    print(i, end=" ")
print()
for i in range(2, 12, 4):
    print(i, end=" ")
print()
for i in range(-1, -6, -2):
    print(i, end=" ")
print()
for i in range(0):
    print("never")
n = 0
while True:
    n += 1
    if n % 3 == 0:
        continue
    if n > 10:
        break
    print(n, end=" ")
print()
k = 100
steps = 0
while k != 1:
    if k % 2 == 0:
        k = k // 2
    else:
        k = 3 * k + 1
    steps += 1
print("collatz steps", steps)
total = 0
for i in range(4):
    for j in range(4):
        if j > i:
            break
        total += i * j
print(total)
found = -1
for i in range(2, 50):
    if i * i > 300:
        found = i
        break
print(found)
x = 5
if x > 3:
    y = "big"
else:
    y = "small"
print(y)
