n = 5
print(sum(n))
