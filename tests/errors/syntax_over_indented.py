# a line indented deeper than its block, for no block (accepted before)
x = 1
if x > 0:
    y = 2
        z = 3
