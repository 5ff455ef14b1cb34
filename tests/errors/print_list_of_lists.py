# a list whose elements the runtime cannot print is a located error, not a run-time TypeError
rows = [[i, i + 1] for i in range(2)]
print(rows)
