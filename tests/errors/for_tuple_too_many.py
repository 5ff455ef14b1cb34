# a loop over a tuple whose elements differ in type is written out per element: at most 64
for v in ('s0', 1, 's2', 3, 's4', 5, 's6', 7, 's8', 9, 's10', 11, 's12', 13, 's14', 15, 's16', 17, 's18', 19, 's20', 21, 's22', 23, 's24', 25, 's26', 27, 's28', 29, 's30', 31, 's32', 33, 's34', 35, 's36', 37, 's38', 39, 's40', 41, 's42', 43, 's44', 45, 's46', 47, 's48', 49, 's50', 51, 's52', 53, 's54', 55, 's56', 57, 's58', 59, 's60', 61, 's62', 63, 's64'):
    print(v)
