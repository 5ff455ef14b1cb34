# two statements on one line without a semicolon (accepted before)
import math x = 1
print(x)
