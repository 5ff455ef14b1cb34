x = 3
match x:
    case n:
        print("any", n)
    case 3:
        print("three")
