import sys
i = len(sys.argv) + 0x10ffff
print(chr(i - 1) == "\U0010ffff")
print(chr(i))
