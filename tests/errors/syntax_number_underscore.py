# an underscore not between two digits in a number (exit 0 before)
x = 1_
print(x)
