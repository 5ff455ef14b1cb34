cfg = {"mode": "fast"}
match cfg:
    case {"mode": m}:
        print(m)
