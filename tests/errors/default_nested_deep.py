# a nested function's hoisted default is a value of the function that defines it: a call
# from a function nested one level deeper (which captures nothing of it) is refused
def run(base):
    def key(x, b=base):
        return x + b

    def sib():
        def deep(y):
            return key(y)

        return deep(1)

    return sib()


print(run(4))
