print(int(12.5, 10))
