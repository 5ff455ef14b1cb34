# a loop over a tuple value (a call's result) whose elements differ in type, of more elements
# than gpyc writes out
def make():
    return (1, 'a', 2.5, 3, 'b', 4.5, 5, 'c', 6.5, 7, 'd', 8.5, 9, 'e', 10.5, 11, 'f', 12.5, 13, 'g', 14.5,
            15, 'h', 16.5, 17, 'i', 18.5, 19, 'j', 20.5, 21, 'k', 22.5, 23, 'l', 24.5, 25, 'm', 26.5, 27, 'n',
            28.5, 29, 'o', 30.5, 31, 'p', 32.5, 33, 'q', 34.5, 35, 'r', 36.5, 37, 's', 38.5, 39, 't', 40.5, 41,
            'u', 42.5, 43, 'v', 44.5)


for x in make():
    print(x)
