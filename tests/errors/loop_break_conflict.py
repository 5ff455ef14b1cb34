# A name first bound in a while loop's body: int on the path that breaks, str at the end of the
# body; after the loop it holds either
def last(n):
    k = 0
    while k < n:
        k += 1
        if k == 2:
            y = 1
            break
        y = 'a'
    return y


print(last(3))
