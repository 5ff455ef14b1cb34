# list + list of two element types: a gpyc list holds one
print([1] + [2.5])
