# a starred item of a set display: not supported
t = (1, 2)
s = {*t, 3}
print(s)
