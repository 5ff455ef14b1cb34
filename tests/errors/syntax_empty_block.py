# a block with no body: tree-sitter took it as an empty block (exit 0 before)
x = 1
if x > 0:
print(x)
