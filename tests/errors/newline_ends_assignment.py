# A newline outside brackets ends the statement: `x = ` then `y = 1` on the next line is not
# the chained assignment `x = y = 1` (tree-sitter reads it so; Python: invalid syntax).
x = 
y = 1
print(x, y)
