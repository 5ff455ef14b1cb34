print(pow(3, 4, 5))
