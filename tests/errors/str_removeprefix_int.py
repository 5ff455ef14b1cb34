s = "test_" + str(len([1]))
print(s.removeprefix(1))
