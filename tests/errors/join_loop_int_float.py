total = 0
for i in range(4):
    total += i / 2
print(total)
