s = "a=b" + str(len([1]))
print(s.partition(1))
