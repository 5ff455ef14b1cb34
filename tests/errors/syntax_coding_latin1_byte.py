# -*- coding: latin-1 -*-
# A file declared Latin-1 holding a non-ASCII byte: Python would read it as Latin-1, gpyc
# reads UTF-8 only, so it refuses the byte instead of reading another string
s = "café"
print(s)
