# a trailing comma in an import without parentheses: tree-sitter took it (exit 0 before)
from math import pi,
print(pi)
