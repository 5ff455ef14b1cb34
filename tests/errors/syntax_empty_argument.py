# a comma with no argument before it: tree-sitter took it (exit 0 before)
x = 1
print(,)
