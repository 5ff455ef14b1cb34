# a list whose elements the runtime cannot print is a located error, not a run-time TypeError
pairs = [(i, s) for i, s in enumerate(['a', 'b'])]
print(pairs)
