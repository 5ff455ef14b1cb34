# an escaped NUL in a string literal: the C strings of the runtime would end there
x = "a\x00b"
print(x)
