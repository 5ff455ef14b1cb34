# an unindent to a column no outer block has
x = 1
if x > 0:
    y = 2
  z = 3
