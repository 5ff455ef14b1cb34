# a starred target over a str
a, *b = "xyz"
print(a, b)
