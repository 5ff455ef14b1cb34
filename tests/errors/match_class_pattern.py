p = (1, 2)
match p:
    case Point(x=1):
        print("point")
