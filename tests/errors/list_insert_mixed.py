# a list holds one type
xs = ["a"]
xs.insert(0, 1)
