# fuzz smoke of a fresh-clone make test (issue 24): the match parser leaked the capture vectors of a sequence pattern and of a | alternative (LeakSanitizer)
p = (1, 2)
match p:
    case (1, y) | (2, y):
        print(y)
