s = "ABC"
print(s.casefold())
