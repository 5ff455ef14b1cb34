for d in ('a', 2.5):
    if d == 'a':
        break
    print(d)
