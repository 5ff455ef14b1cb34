# coding: foobar
# PEP 263: an encoding Python does not know (Python: encoding problem: foobar)
print(1)
