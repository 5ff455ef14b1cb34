# tabs and spaces mixed so that the order of the indentation depends on the tab size
x = 1
if x > 0:
        y = 2
	z = 3
