# a list whose element type is unknown (nothing appended before the loop): once a segfault
a = []
for v in a:
    print(v)
