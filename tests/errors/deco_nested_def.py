def traced(f):
    def wrapper(x):
        print("call")
        return f(x)

    return wrapper


def main():
    @traced
    def inc(x):
        return x + 1

    print(inc(1))


main()
