# a byte that is not UTF-8 inside a string literal (it reached the generated code before)
x = "café"
print(x)
