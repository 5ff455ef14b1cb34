# max(*xs) of a list of one number: Python iterates the one argument (TypeError)
vals = [4, 9]
print(max(*vals), min(*vals))
vals.pop()
print(max(*vals))
