# a surrogate escape: no UTF-8 for it (Python cannot print it either)
x = "\udc80"
print(x)
