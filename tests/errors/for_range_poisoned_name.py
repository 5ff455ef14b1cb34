# the loop variable was poisoned by a failed assignment: once a segfault after the first error
k = q
for k in range(3):
    print(k)
