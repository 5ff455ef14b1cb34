# l += v of something that is not a list or tuple
l = [1]
l += 5
print(l)
