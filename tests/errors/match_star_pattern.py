xs = [1, 2, 3]
match xs:
    case [1, *rest]:
        print(rest)
