p = (1, 2)
match p:
    case (1, y) | (2, y):
        print(y)
