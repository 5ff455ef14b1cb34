# reversed() takes one sequence
print(list(reversed([1, 2], [3])))
