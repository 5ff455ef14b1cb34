x = 3
match x:
    case _:
        print("any")
    case 3:
        print("three")
