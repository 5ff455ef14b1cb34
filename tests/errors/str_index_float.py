s = "abc" + str(len([1]))
print(s[1.0])
