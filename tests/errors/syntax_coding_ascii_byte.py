# coding=ascii
# A file declared ASCII holding a non-ASCII byte (Python: encoding problem: ascii)
s = "café"
print(s)
