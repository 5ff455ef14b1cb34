print(tuple(i for i in range(10) if i % 3 == 0))
