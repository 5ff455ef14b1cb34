# a continue that skips the change carries the int to the second iteration: no type after the
# first iteration, the conflict stays an error
total = 0
for i in range(4):
    if i == 2:
        continue
    total += i / 2
print(total)
