# A name first bound in a loop's body: int on the path that continues, str on the path that
# falls through; after the loop it holds either (Python prints 1 here)
for i in range(3):
    if i == 2:
        y = 1
        continue
    y = 'a'
print(y)
