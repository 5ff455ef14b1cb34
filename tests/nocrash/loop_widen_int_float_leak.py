# fuzz finding (make test's smoke, LeakSanitizer): a loop lowered again to widen 'total' (int, then
# float from i / 2) dropped its first lowering's body without freeing its instruction lists
total = 0
for i in range(4):
    total += i / 2
print(total)
