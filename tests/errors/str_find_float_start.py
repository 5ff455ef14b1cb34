s = "abc" + str(len([1]))
print(s.find("a", 1.5))
